import { getSupabase, type Supabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { toReservation, toReservationFromDirectory } from './mappers';
import { readsDirectory } from '@/data/shared/staff-role';
import {
  afterCursor,
  API_MAX_ROWS,
  fetchAllAfter,
  ilikeAny,
  NEWEST_FIRST,
  ordered,
  pageOf,
  type ListOrder,
  type Page,
} from '@/data/shared/query-helpers';
import type { AttendanceStatus, HeardFrom, Reservation } from './types';

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

/** The filter methods of a PostgREST query that the reservations' filters use. */
type Filterable<Q> = {
  or: (filters: string) => Q;
  eq: (column: string, value: string) => Q;
  is: (column: string, value: null) => Q;
  not: (column: string, operator: string, value: null) => Q;
};

function filtered<Q extends Filterable<Q>>(query: Q, filters: ReservationFilters): Q {
  let q = query;
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

function filteredQuery(
  supabase: Supabase,
  filters: ReservationFilters,
  count: boolean,
  order: ReservationOrder = NEWEST_FIRST,
) {
  const q = ordered(
    supabase.from('reservations').select('*', count ? { count: 'exact' } : undefined),
    order,
  );
  return filtered(q, filters);
}

/**
 * A reader (`lecteur`) reads reservation_directory: the same rows without the pass code, the
 * phone masked (supabase/migrations/20251126110000_roles_and_door_window.sql). A pass code
 * cancels its pass: readers never get one.
 */
function directoryQuery(
  supabase: Supabase,
  filters: ReservationFilters,
  order: ReservationOrder = NEWEST_FIRST,
) {
  const q = ordered(supabase.from('reservation_directory').select('*', { count: 'exact' }), order);
  return filtered(q, filters);
}

/** One page (0-based) of reservations matching the filters, in `order`, with the total. */
export async function listReservations(
  filters: ReservationFilters,
  page: number,
  pageSize = 10,
  order: ReservationOrder = NEWEST_FIRST,
): Promise<Page<Reservation>> {
  const supabase = await getSupabase();
  if (await readsDirectory()) {
    const query = directoryQuery(supabase, filters, order);
    return pageOf(query, page, pageSize, toReservationFromDirectory, LOAD_ERROR);
  }
  const query = filteredQuery(supabase, filters, true, order);
  return pageOf(query, page, pageSize, toReservation, LOAD_ERROR);
}

/** Every reservation matching the filters (the admins' exports), fetched page by page. */
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
