/** The participants' entities (camelCase). Only src/data maps them from and to database rows. */
import { CheckedValues } from '../../../supabase/database.types';

/** The contest's categories, as the database declares them (participants.category). */
export const CATEGORIES = CheckedValues.participants.category;
export type Category = (typeof CATEGORIES)[number];
export type ParticipationType = (typeof CheckedValues.participants.participation_type)[number];

export type TeamMember = {
  id?: string;
  fullName: string;
  email: string;
  phone: string;
};

export type Participant = {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  city: string;
  region: string;
  category: Category;
  participationType: ParticipationType;
  teamName: string;
  linkToWork: string;
  description: string;
  agreeToTerms: boolean;
  createdAt: string;
  teamMembers: TeamMember[];
} & Partial<ContestPipeline>;

/**
 * The contest pipeline (docs/decisions: issue 13): inscrit → présélectionné → … ; or refusé.
 * Declared once, by the check constraint on participants.status (supabase/schemas/), and
 * generated with the types (docs/decisions/028-declarative-schema.md).
 */
export const PARTICIPANT_STATUSES = CheckedValues.participants.status;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/**
 * A participant's place in the contest. Always set on a participant read from the database
 * (toParticipant); optional on `Participant` so that a registration or a test fixture need not
 * name it.
 */
export type ContestPipeline = {
  status: ParticipantStatus;
  /** One of EDITION.auditionCities, or null before a slot is given. */
  auditionCity: string | null;
  /** The audition's date and time (ISO), or null. */
  auditionAt: string | null;
  /** Internal notes of the organisers ('' when none). */
  notes: string;
  /** When the convocation was last sent (ISO), or null. */
  notifiedAt: string | null;
};

export type RegionCount = { region: string; count: number };
export type DayCount = { day: string; count: number };

export type Stats = {
  totalParticipants: number;
  byCategory: Record<Category, number>;
  byParticipationType: Record<ParticipationType, number>;
  /** Sorted by count, descending. */
  byRegion: RegionCount[];
  lastRegistrationAt: string | null;
  /** The last 7 days (Africa/Douala), oldest first, zero-filled. */
  last7Days: DayCount[];
};

/** Why registration is closed: not open yet, past its window, or full. */
export type ClosedReason = 'not_open' | 'closed' | 'full';

export type RegistrationStatus = {
  open: boolean;
  reason: 'open' | ClosedReason;
  opensAt: string;
  closesAt: string;
};
