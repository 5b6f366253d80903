import { getSupabase, type Supabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { toParticipant } from './mappers';
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
import type { Category, Page, Participant, ParticipationType } from './types';

export type ParticipantFilters = {
  search?: string;
  category?: Category | '';
  participationType?: ParticipationType | '';
  region?: string;
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

function filteredQuery<S extends ParticipantSelect>(
  supabase: Supabase,
  filters: ParticipantFilters,
  count: boolean,
  select: S,
  order: ParticipantOrder = NEWEST_FIRST,
) {
  let q = ordered(
    supabase.from('participants').select(select, count ? { count: 'exact' } : undefined),
    order,
  );
  const or = ilikeAny(['full_name', 'email', 'phone'], filters.search ?? '');
  if (or) q = q.or(or);
  if (filters.category) q = q.eq('category', filters.category);
  if (filters.participationType) q = q.eq('participation_type', filters.participationType);
  if (filters.region) q = q.eq('region', filters.region);
  return q;
}

/** One page (0-based) of participants matching the filters, in `order`, with the total. */
export async function listParticipants(
  filters: ParticipantFilters,
  page: number,
  pageSize = 10,
  order: ParticipantOrder = NEWEST_FIRST,
): Promise<Page<Participant>> {
  const query = filteredQuery(await getSupabase(), filters, true, WITH_MEMBERS, order);
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
