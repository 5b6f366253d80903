import { getSupabase, type Supabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { toParticipant, type TeamMemberRow } from './mappers';
import {
  afterCursor,
  API_MAX_ROWS,
  fetchAllAfter,
  NEWEST_FIRST,
  ordered,
  pageOf,
  type ListOrder,
  type Page,
} from '@/data/shared/query-helpers';
import { getMyStaffRole } from '@/data/shared/staff-role';
import type { Category, Participant, ParticipantStatus, ParticipationType } from './types';

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
  eq: (column: string, value: string) => Q;
};

/** The select filters (a search goes through search_participants: see searchPage). */
function filtered<Q extends Filterable<Q>>(query: Q, filters: ParticipantFilters): Q {
  let q = query;
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
const readsDirectory = () =>
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

/** True when the search box holds something to look for. */
const hasSearch = (filters: ParticipantFilters) => /\S/.test(filters.search ?? '');

/**
 * One page of a search, through the database function search_participants: accents and case
 * ignored, every word anywhere in the name, team, members, e-mails and phones (a reader's only in
 * what the masked list shows), a phone's digits whatever the spaces or +237, with the filters,
 * order and count, exact up to 1,000 (supabase/migrations/20251126140000_search_people.sql,
 * 20251126160000_search_count_capped.sql,
 * docs/decisions/022-search-people.md).
 */
async function searchPage(
  supabase: Supabase,
  filters: ParticipantFilters,
  page: number,
  pageSize: number,
  order: ParticipantOrder,
): Promise<Page<Participant>> {
  const { data, error } = await supabase.rpc('search_participants', {
    search: filters.search ?? '',
    category: filters.category || undefined,
    participation_type: filters.participationType || undefined,
    region: filters.region || undefined,
    status: filters.status || undefined,
    audition_city: filters.auditionCity || undefined,
    sort: order.column,
    ascending: order.ascending,
    page,
    page_size: pageSize,
  });
  if (error) throw toDataError(error, LOAD_ERROR);
  // public.participant_search_page: its rows are participant_directory rows, a reader's contacts
  // masked, an admin's real (supabase/schemas/80_search.sql).
  if (data?.total == null || !data.rows) throw new DataError('unknown', LOAD_ERROR);
  return {
    rows: data.rows.map((r) => toParticipant(fromDirectory(r))),
    total: data.total,
    more: data.more === true,
  };
}

/** One page (0-based) of participants matching the filters, in `order`, with the total. */
export async function listParticipants(
  filters: ParticipantFilters,
  page: number,
  pageSize = 10,
  order: ParticipantOrder = NEWEST_FIRST,
): Promise<Page<Participant>> {
  const supabase = await getSupabase();
  if (hasSearch(filters)) return searchPage(supabase, filters, page, pageSize, order);
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
  if (hasSearch(filters)) {
    // A search exports the rows the list shows, page by page (a search finds few).
    const all: Participant[] = [];
    for (let page = 0; ; page++) {
      const { rows, total, more } = await searchPage(
        supabase,
        filters,
        page,
        API_MAX_ROWS,
        NEWEST_FIRST,
      );
      all.push(...rows);
      // Past 1,000 matches the count stops (`more`): read on until a page comes back short.
      if (rows.length < API_MAX_ROWS || (!more && all.length >= total)) return all;
    }
  }
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
