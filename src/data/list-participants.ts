import { getSupabase, type Supabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { toParticipant, type ParticipantWithMembersRow } from './mappers';
import { afterCursor, API_MAX_ROWS, fetchAllAfter, ilikeAny } from './query-helpers';
import type { Category, Page, Participant, ParticipationType } from './types';

export type ParticipantFilters = {
  search?: string;
  category?: Category | '';
  participationType?: ParticipationType | '';
  region?: string;
};

const LOAD_ERROR = 'Erreur lors du chargement des participants';
const SELECT = '*, team_members(*)';

function filteredQuery(
  supabase: Supabase,
  filters: ParticipantFilters,
  count: boolean,
  select: string = SELECT,
) {
  let q = supabase
    .from('participants')
    .select(select, count ? { count: 'exact' } : undefined)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  const or = ilikeAny(['full_name', 'email', 'phone'], filters.search ?? '');
  if (or) q = q.or(or);
  if (filters.category) q = q.eq('category', filters.category);
  if (filters.participationType) q = q.eq('participation_type', filters.participationType);
  if (filters.region) q = q.eq('region', filters.region);
  return q;
}

/** One page (0-based) of participants matching the filters, newest first, with the total. */
export async function listParticipants(
  filters: ParticipantFilters,
  page: number,
  pageSize = 10,
): Promise<Page<Participant>> {
  const from = page * pageSize;
  const supabase = await getSupabase();
  const { data, error, count } = await filteredQuery(supabase, filters, true).range(
    from,
    from + pageSize - 1,
  );
  if (error) throw toDataError(error, LOAD_ERROR);
  return {
    rows: (data as unknown as ParticipantWithMembersRow[]).map(toParticipant),
    total: count ?? 0,
  };
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
  const select = withMembers ? SELECT : '*';
  try {
    const rows = await fetchAllAfter((after) => {
      const q = filteredQuery(supabase, filters, false, select).limit(API_MAX_ROWS);
      return (after ? q.or(afterCursor(after)) : q) as unknown as PromiseLike<{
        data: ParticipantWithMembersRow[] | null;
        error: unknown;
      }>;
    });
    return rows.map(toParticipant);
  } catch (error) {
    throw toDataError(error, LOAD_ERROR);
  }
}
