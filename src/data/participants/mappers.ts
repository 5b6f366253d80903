import type { Database } from '../../../supabase/database.types';
import type {
  Category,
  ContestPipeline,
  Participant,
  ParticipantStatus,
  ParticipationType,
  Stats,
  TeamMember,
} from './types';

type Tables = Database['public']['Tables'];

/** Rows as stored (snake_case), from the generated types of supabase/database.types.ts. */
type ParticipantRow = Tables['participants']['Row'];
export type TeamMemberRow = Tables['team_members']['Row'];

/*
 * Columns such as `participants.category` or `reservations.heard_from` are text limited to a few
 * values by a CHECK constraint (supabase/migrations). The generator reads column types, not
 * constraints, so it types them `string`; the mappers below narrow them to the app's unions with
 * `as`, which is sound because the database refuses any other value.
 */

/** Explicit mappers per entity, row (snake_case) <-> entity (camelCase). */

function toTeamMember(row: TeamMemberRow): TeamMember {
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
function toContestPipeline(row: PipelineColumns): ContestPipeline {
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

/** What participant_stats answers (supabase/schemas/08_answer_types_people_outbox.sql). */
type StatsAnswer = Database['public']['CompositeTypes']['participant_stats_answer'];

/** participant_stats' answer, renamed. */
export function toStats(s: StatsAnswer | null): Stats {
  return {
    totalParticipants: s?.total ?? 0,
    byCategory: { dance: s?.byCategory?.dance ?? 0, singing: s?.byCategory?.singing ?? 0 },
    byParticipationType: {
      solo: s?.byParticipationType?.solo ?? 0,
      team: s?.byParticipationType?.team ?? 0,
    },
    byRegion: (s?.byRegion ?? []).map((r) => ({ region: r.region ?? '', count: r.count ?? 0 })),
    lastRegistrationAt: s?.lastRegistrationAt ?? null,
    last7Days: (s?.last7Days ?? []).map((d) => ({ day: d.day ?? '', count: d.count ?? 0 })),
  };
}
