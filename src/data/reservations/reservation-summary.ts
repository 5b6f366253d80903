import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { CheckedValues } from '../../../supabase/database.types';
import type { AttendanceBarrier, AttendanceStatus, HeardFrom, YesNo } from './types';

/** Counts of the reservation survey over all reservations, and the cities present (sorted). */
export type ReservationSummary = {
  total: number;
  attendanceStatus: Record<AttendanceStatus, number>;
  heardFrom: Record<HeardFrom, number>;
  willAttend: Record<YesNo, number>;
  attendanceBarrier: Record<AttendanceBarrier, number>;
  followsBoosterPage: Record<YesNo, number>;
  consumesBoosterProducts: Record<YesNo, number>;
  cities: string[];
};

const counts = <K extends string>(json: unknown, keys: readonly K[]): Record<K, number> => {
  const o = (json ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, Number(o[k] ?? 0)])) as Record<K, number>;
};

/** Each answer's values, in the order of its check constraint (generated with the types). */
const VALUES = CheckedValues.reservations;

/** reservation_summary() JSON -> ReservationSummary. */
export function toReservationSummary(json: unknown): ReservationSummary {
  const s = (json ?? {}) as Record<string, unknown>;
  return {
    total: Number(s.total ?? 0),
    attendanceStatus: counts(s.attendanceStatus, VALUES.attendance_status),
    heardFrom: counts(s.heardFrom, VALUES.heard_from),
    willAttend: counts(s.willAttend, VALUES.will_attend),
    attendanceBarrier: counts(s.attendanceBarrier, VALUES.attendance_barrier),
    followsBoosterPage: counts(s.followsBoosterPage, VALUES.follows_booster_page),
    consumesBoosterProducts: counts(s.consumesBoosterProducts, VALUES.consumes_booster_products),
    cities: Array.isArray(s.cities)
      ? (s.cities as unknown[]).map(String).sort((a, b) => a.localeCompare(b, 'fr'))
      : [],
  };
}

/** The survey summary, computed in SQL over all reservations. */
export async function getReservationSummary(): Promise<ReservationSummary> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('reservation_summary');
  if (error) throw toDataError(error, 'Erreur lors du chargement des réservations');
  return toReservationSummary(data);
}
