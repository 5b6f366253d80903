import type { Database } from '../../supabase/database.types';
import type {
  AttendanceBarrier,
  AttendanceStatus,
  Category,
  ContactMessage,
  HeardFrom,
  ContestPipeline,
  NewReservation,
  PrefilledQuestion,
  Participant,
  ParticipantStatus,
  ParticipationType,
  Reservation,
  ReservationState,
  Stats,
  TeamMember,
  YesNo,
} from './types';

type Tables = Database['public']['Tables'];

/** Rows as stored (snake_case), from the generated types of supabase/database.types.ts. */
export type ParticipantRow = Tables['participants']['Row'];
export type TeamMemberRow = Tables['team_members']['Row'];
export type ReservationRow = Tables['reservations']['Row'];
export type ReservationDirectoryRow = Tables['reservation_directory']['Row'];
export type ContactMessageRow = Tables['contact_messages']['Row'];

/*
 * Columns such as `participants.category` or `reservations.heard_from` are text limited to a few
 * values by a CHECK constraint (supabase/migrations). The generator reads column types, not
 * constraints, so it types them `string`; the mappers below narrow them to the app's unions with
 * `as`, which is sound because the database refuses any other value.
 */

/** Explicit mappers per entity, row (snake_case) <-> entity (camelCase). */

export function toTeamMember(row: TeamMemberRow): TeamMember {
  return { id: row.id, fullName: row.full_name, email: row.email ?? '', phone: row.phone };
}

/** Members as the database functions expect them, in order (position = index + 1). */
export function toTeamMemberRows(members: TeamMember[]) {
  return members.map((m) => ({
    full_name: m.fullName.trim(),
    phone: m.phone.trim(),
    email: m.email.trim() || null,
  }));
}

/** The registration's columns: what toParticipant needs of a participants row. */
type RegistrationColumns = Pick<
  ParticipantRow,
  | 'id'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'city'
  | 'region'
  | 'category'
  | 'participation_type'
  | 'team_name'
  | 'link_to_work'
  | 'description'
  | 'agree_to_terms'
  | 'created_at'
>;

/**
 * The contest pipeline's columns (supabase/migrations/20251123120000_organiser_workspace.sql).
 * Optional here, so that a row without them (an older fixture) maps with the defaults.
 */
type PipelineColumns = {
  status?: string | null;
  audition_city?: string | null;
  audition_at?: string | null;
  notes?: string | null;
  notified_at?: string | null;
};

export type ParticipantWithMembersRow = RegistrationColumns &
  PipelineColumns & { team_members?: TeamMemberRow[] | null };

/** The pipeline fields of a participants row ('inscrit' with no slot when absent). */
export function toContestPipeline(row: PipelineColumns): ContestPipeline {
  return {
    status: (row.status ?? 'inscrit') as ParticipantStatus,
    auditionCity: row.audition_city ?? null,
    auditionAt: row.audition_at ?? null,
    notes: row.notes ?? '',
    notifiedAt: row.notified_at ?? null,
  };
}

export function toParticipant(row: ParticipantWithMembersRow): Participant {
  const members = [...(row.team_members ?? [])].sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    region: row.region,
    category: row.category as Category,
    participationType: row.participation_type as ParticipationType,
    teamName: row.team_name ?? '',
    linkToWork: row.link_to_work ?? '',
    description: row.description ?? '',
    agreeToTerms: row.agree_to_terms,
    createdAt: row.created_at,
    teamMembers: members.map(toTeamMember),
    ...toContestPipeline(row),
  };
}

/** Editable participant fields as the `p_patch` of admin_update_participant. */
export function toParticipantPatch(
  p: Omit<Participant, 'id' | 'createdAt' | 'teamMembers' | 'agreeToTerms'>,
) {
  return {
    full_name: p.fullName.trim(),
    email: p.email.trim(),
    phone: p.phone.trim(),
    city: p.city.trim(),
    region: p.region,
    category: p.category,
    participation_type: p.participationType,
    team_name: p.participationType === 'team' ? p.teamName.trim() || null : null,
    link_to_work: p.linkToWork.trim() || null,
    description: p.description.trim() || null,
  };
}

/**
 * A row of the reservations list: reservations (admins) or reservation_directory (readers: no
 * pass code, phone masked, an id of its own; docs/decisions/017-roles-and-door-window.md).
 */
function toListedReservation(row: ReservationDirectoryRow, passCode: string | null): Reservation {
  return {
    id: row.id,
    fullName: row.full_name,
    phone: row.phone,
    ville: row.ville ?? row.region ?? '',
    attendanceStatus: row.attendance_status as AttendanceStatus,
    heardFrom: row.heard_from as HeardFrom,
    willAttend: row.will_attend as YesNo,
    attendanceBarrier: row.attendance_barrier as AttendanceBarrier,
    followsBoosterPage: row.follows_booster_page as YesNo,
    consumesBoosterProducts: row.consumes_booster_products as YesNo,
    createdAt: row.created_at,
    passCode,
    state: row.state as ReservationState,
    cancelledAt: row.cancelled_at,
    checkedInAt: row.checked_in_at,
    checkedInDoor: row.checked_in_door,
    checkedInByHand: row.checked_in_by_hand,
  };
}

export const toReservation = (row: ReservationRow): Reservation =>
  toListedReservation(row, row.pass_code);

/** A reader's row: the same reservation, without a pass. */
export const toReservationFromDirectory = (row: ReservationDirectoryRow): Reservation =>
  toListedReservation(row, null);

export function toReservationRow(id: string, r: NewReservation) {
  return {
    id,
    full_name: r.fullName.trim(),
    phone: r.phone.trim(),
    ville: r.ville.trim(),
    attendance_status: r.attendanceStatus,
    heard_from: r.heardFrom,
    will_attend: r.willAttend,
    attendance_barrier: r.attendanceBarrier,
    follows_booster_page: r.followsBoosterPage,
    consumes_booster_products: r.consumesBoosterProducts,
    ...(r.surveyChanged && { survey_changed: r.surveyChanged.map((q) => PREFILLED_COLUMN[q]) }),
  };
}

/** A pre-filled question's column, the key create_reservation's survey_changed takes. */
const PREFILLED_COLUMN: Record<PrefilledQuestion, string> = {
  attendanceStatus: 'attendance_status',
  willAttend: 'will_attend',
  attendanceBarrier: 'attendance_barrier',
  followsBoosterPage: 'follows_booster_page',
  consumesBoosterProducts: 'consumes_booster_products',
};

export function toContactMessageRow(id: string, m: ContactMessage) {
  return {
    id,
    name: m.name.trim(),
    email: m.email.trim(),
    subject: m.subject.trim(),
    message: m.message.trim(),
  };
}

export function toContactMessage(
  row: ContactMessageRow,
): ContactMessage & { id: string; createdAt: string } {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
  };
}

type StatsJson = {
  total: number;
  byCategory: { dance: number; singing: number };
  byParticipationType: { solo: number; team: number };
  byRegion: { region: string; count: number }[];
  lastRegistrationAt: string | null;
  last7Days: { day: string; count: number }[] | null;
};

/**
 * participant_stats() JSON -> Stats. The function returns jsonb, which the generated types can only
 * call `Json`: its shape is the one the SQL function builds (StatsJson), asserted here, at the one
 * place the answer enters the app.
 */
export function toStats(json: unknown): Stats {
  const s = json as StatsJson;
  return {
    totalParticipants: Number(s.total),
    byCategory: { dance: Number(s.byCategory.dance), singing: Number(s.byCategory.singing) },
    byParticipationType: {
      solo: Number(s.byParticipationType.solo),
      team: Number(s.byParticipationType.team),
    },
    byRegion: s.byRegion.map((r) => ({ region: r.region, count: Number(r.count) })),
    lastRegistrationAt: s.lastRegistrationAt,
    last7Days: (s.last7Days ?? []).map((d) => ({ day: d.day, count: Number(d.count) })),
  };
}

/** A contact message as the admin inbox shows it (handled or not). */
export type InboxMessage = ContactMessage & {
  id: string;
  createdAt: string;
  /** When an organiser marked it handled (ISO), or null. */
  handledAt: string | null;
  /** Who did (their auth.users id; the journal names them). */
  handledBy: string | null;
};

export function toInboxMessage(row: ContactMessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at ?? null,
    handledBy: row.handled_by ?? null,
  };
}
