/** The app's entities (camelCase). Only src/data maps them from and to database rows. */
import { CheckedValues } from '../../supabase/database.types';

export type Category = (typeof CheckedValues.participants.category)[number];
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

/** The survey's answers, as the reservations' check constraints list them. */
type ReservationValues = typeof CheckedValues.reservations;
export type AttendanceStatus = ReservationValues['attendance_status'][number];
export type HeardFrom = ReservationValues['heard_from'][number];
export type YesNo = ReservationValues['will_attend'][number];
export type AttendanceBarrier = ReservationValues['attendance_barrier'][number];

export type Reservation = {
  id: string;
  fullName: string;
  phone: string;
  /** The city; older rows stored it in `region`, read as a fallback. */
  ville: string;
  attendanceStatus: AttendanceStatus;
  heardFrom: HeardFrom;
  willAttend: YesNo;
  attendanceBarrier: AttendanceBarrier;
  followsBoosterPage: YesNo;
  consumesBoosterProducts: YesNo;
  createdAt: string;
  /**
   * The personal pass (10 characters), opened at /pass/<code>; null for a reader (lecteur), who
   * never gets one: a code cancels its pass (docs/decisions/017-roles-and-door-window.md).
   */
  passCode: string | null;
  /** A confirmed place (entered or not), on the waitlist, or cancelled. */
  state: ReservationState;
  cancelledAt: string | null;
  /** When and at which door the pass entered (null: not entered). */
  checkedInAt: string | null;
  /** The door's name; null when checked in by hand from the administration. */
  checkedInDoor: string | null;
  /** Checked in by hand from the admin list, not at a door. */
  checkedInByHand: boolean;
};

export type ReservationState = ReservationValues['state'][number];

/** What a visitor sends: the database gives the id, date, pass, state and entry. */
export type NewReservation = Omit<
  Reservation,
  | 'id'
  | 'createdAt'
  | 'passCode'
  | 'state'
  | 'cancelledAt'
  | 'checkedInAt'
  | 'checkedInDoor'
  | 'checkedInByHand'
> & {
  /**
   * The pre-filled questions whose answer the visitor changed on the form; absent: not recorded
   * (docs/decisions/025-survey-defaults.md).
   */
  surveyChanged?: readonly PrefilledQuestion[];
};

/** The survey questions the form offers with an answer already chosen (the specification's). */
export type PrefilledQuestion =
  | 'attendanceStatus'
  | 'willAttend'
  | 'attendanceBarrier'
  | 'followsBoosterPage'
  | 'consumesBoosterProducts';

export type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
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

/**
 * A page of a server-side list. `more`: the count stopped at `total` and there are more matches
 * (a search counts up to 1,000: docs/decisions/022-search-people.md).
 */
export type Page<T> = { rows: T[]; total: number; more?: boolean };
