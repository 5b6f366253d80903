import { getSupabase, type Supabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { toReservation } from './mappers';
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
import type { AttendanceStatus, HeardFrom, Page, Reservation } from './types';

export type ReservationFilters = {
  /** Name, phone or city. */
  search?: string;
  status?: AttendanceStatus | '';
  /** A city as shown (ville, or the legacy region when ville is empty). */
  city?: string;
  heardFrom?: HeardFrom | '';
  /** The place: confirmed and not entered yet, entered, on the waitlist, or cancelled. */
  state?: ReservationStateFilter | '';
};

/** The states a list shows, each row in exactly one: an entered place is no longer "confirmed". */
export const RESERVATION_STATE_FILTERS = [
  'confirmed',
  'checked_in',
  'waitlisted',
  'cancelled',
] as const;
export type ReservationStateFilter = (typeof RESERVATION_STATE_FILTERS)[number];

/** What the reservations list can be sorted by (besides the date). */
export type ReservationOrder = ListOrder<'full_name' | 'ville'>;

const LOAD_ERROR = 'Erreur lors du chargement des réservations';

/** A value inside a PostgREST filter, quoted so commas, dots and parentheses stay literal. */
const quoted = (v: string) => `"${v.replace(/["\\]/g, '')}"`;

function filteredQuery(
  supabase: Supabase,
  filters: ReservationFilters,
  count: boolean,
  order: ReservationOrder = NEWEST_FIRST,
) {
  let q = ordered(
    supabase.from('reservations').select('*', count ? { count: 'exact' } : undefined),
    order,
  );
  const search = ilikeAny(['full_name', 'phone', 'ville', 'region'], filters.search ?? '');
  if (search) q = q.or(search);
  if (filters.city) {
    const c = quoted(filters.city);
    q = q.or(`ville.eq.${c},and(ville.is.null,region.eq.${c})`);
  }
  if (filters.status) q = q.eq('attendance_status', filters.status);
  if (filters.heardFrom) q = q.eq('heard_from', filters.heardFrom);
  if (filters.state === 'checked_in') q = q.not('checked_in_at', 'is', null);
  else if (filters.state === 'confirmed') q = q.eq('state', 'confirmed').is('checked_in_at', null);
  else if (filters.state) q = q.eq('state', filters.state);
  return q;
}

/** One page (0-based) of reservations matching the filters, in `order`, with the total. */
export async function listReservations(
  filters: ReservationFilters,
  page: number,
  pageSize = 10,
  order: ReservationOrder = NEWEST_FIRST,
): Promise<Page<Reservation>> {
  const query = filteredQuery(await getSupabase(), filters, true, order);
  return pageOf(query, page, pageSize, toReservation, LOAD_ERROR);
}

/** Every reservation matching the filters (for the CSV export), fetched page by page. */
export async function fetchAllReservations(
  filters: ReservationFilters = {},
): Promise<Reservation[]> {
  const supabase = await getSupabase();
  try {
    const rows = await fetchAllAfter((after) => {
      const q = filteredQuery(supabase, filters, false).limit(API_MAX_ROWS);
      return after ? q.lte('created_at', after.created_at).or(afterCursor(after)) : q;
    });
    return rows.map(toReservation);
  } catch (error) {
    throw toDataError(error, LOAD_ERROR);
  }
}
