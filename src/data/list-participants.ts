import { getSupabase, type Supabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { toParticipant, type TeamMemberRow } from './mappers';
import {
  afterCursor,
  API_MAX_ROWS,
  fetchAllAfter,
  ilikeAny,
  NEWEST_FIRST,
  ordered,
  pageOf,
  type ListOrder,
} from './query-helpers';
import { getMyStaffRole } from './staff-role';
import type { Category, Page, Participant, ParticipantStatus, ParticipationType } from './types';

export type ParticipantFilters = {
  search?: string;
  category?: Category | '';
  participationType?: ParticipationType | '';
  region?: string;
  /** The contest pipeline: a status, an audition city. */
  status?: ParticipantStatus | '';
  auditionCity?: string;
};

/** What the participants list can be sorted by (besides the date). */
export type ParticipantOrder = ListOrder<'full_name' | 'region'>;

const LOAD_ERROR = 'Erreur lors du chargement des participants';

/*
 * The select strings stay literal types, down to `.select()`: supabase-js parses them to type the
 * rows (with the generated supabase/database.types.ts), where a plain `string` would type them as
 * an error.
 */
const WITH_MEMBERS = '*, team_members(*)' as const;
const WITHOUT_MEMBERS = '*' as const;
type ParticipantSelect = typeof WITH_MEMBERS | typeof WITHOUT_MEMBERS;

/** The filter methods of a PostgREST query that the participants' filters use. */
type Filterable<Q> = {
  or: (filters: string) => Q;
  eq: (column: string, value: string) => Q;
};

function filtered<Q extends Filterable<Q>>(query: Q, filters: ParticipantFilters): Q {
  let q = query;
  const or = ilikeAny(['full_name', 'email', 'phone'], filters.search ?? '');
  if (or) q = q.or(or);
  if (filters.category) q = q.eq('category', filters.category);
  if (filters.participationType) q = q.eq('participation_type', filters.participationType);
  if (filters.region) q = q.eq('region', filters.region);
  if (filters.status) q = q.eq('status', filters.status);
  if (filters.auditionCity) q = q.eq('audition_city', filters.auditionCity);
  return q;
}

function filteredQuery<S extends ParticipantSelect>(
  supabase: Supabase,
  filters: ParticipantFilters,
  count: boolean,
  select: S,
  order: ParticipantOrder = NEWEST_FIRST,
) {
  const q = ordered(
    supabase.from('participants').select(select, count ? { count: 'exact' } : undefined),
    order,
  );
  return filtered(q, filters);
}

/**
 * A reader (`lecteur`) reads participant_directory: the same rows with the contact details
 * masked and the team members as JSON (supabase/migrations/20251123120000_organiser_workspace.sql).
 */
function directoryQuery(
  supabase: Supabase,
  filters: ParticipantFilters,
  count: boolean,
  order: ParticipantOrder = NEWEST_FIRST,
) {
  const q = ordered(
    supabase.from('participant_directory').select('*', count ? { count: 'exact' } : undefined),
    order,
  );
  return filtered(q, filters);
}

/** The reader's masked list; anyone else (or an unknown role) reads participants, under RLS. */
export const readsDirectory = () =>
  getMyStaffRole().then(
    (role) => role === 'lecteur',
    () => false,
  );

/** A participant_directory row as a participants row (its members are JSON of the same shape). */
export const fromDirectory = <R extends { team_members: unknown }>(
  row: R,
): Omit<R, 'team_members'> & { team_members: TeamMemberRow[] } => ({
  ...row,
  team_members: Array.isArray(row.team_members) ? (row.team_members as TeamMemberRow[]) : [],
});

/** One page (0-based) of participants matching the filters, in `order`, with the total. */
export async function listParticipants(
  filters: ParticipantFilters,
  page: number,
  pageSize = 10,
  order: ParticipantOrder = NEWEST_FIRST,
): Promise<Page<Participant>> {
  const supabase = await getSupabase();
  if (await readsDirectory()) {
    const query = directoryQuery(supabase, filters, true, order);
    return pageOf(query, page, pageSize, (r) => toParticipant(fromDirectory(r)), LOAD_ERROR);
  }
  const query = filteredQuery(supabase, filters, true, WITH_MEMBERS, order);
  return pageOf(query, page, pageSize, toParticipant, LOAD_ERROR);
}

/**
 * Every participant matching the filters (for exports), fetched page by page. Exports that do not
 * need the team members can skip them (`withMembers: false`): less to send and to join.
 */
export async function fetchAllParticipants(
  filters: ParticipantFilters = {},
  { withMembers = true }: { withMembers?: boolean } = {},
): Promise<Participant[]> {
  const supabase = await getSupabase();
  try {
    const rows = await fetchAllAfter((after) => {
      // One literal select per branch: supabase-js cannot parse a union of select strings.
      const q = (
        withMembers
          ? filteredQuery(supabase, filters, false, WITH_MEMBERS)
          : filteredQuery(supabase, filters, false, WITHOUT_MEMBERS)
      ).limit(API_MAX_ROWS);
      return after ? q.lte('created_at', after.created_at).or(afterCursor(after)) : q;
    });
    return rows.map(toParticipant);
  } catch (error) {
    throw toDataError(error, LOAD_ERROR);
  }
}
