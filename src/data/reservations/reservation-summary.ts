import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
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

const YES_NO = ['yes', 'no'] as const;

/** reservation_summary() JSON -> ReservationSummary. */
export function toReservationSummary(json: unknown): ReservationSummary {
  const s = (json ?? {}) as Record<string, unknown>;
  return {
    total: Number(s.total ?? 0),
    attendanceStatus: counts(s.attendanceStatus, ['yes', 'no', 'maybe']),
    heardFrom: counts(s.heardFrom, ['flyer', 'social', 'wordOfMouth']),
    willAttend: counts(s.willAttend, YES_NO),
    attendanceBarrier: counts(s.attendanceBarrier, [
      'location',
      'cost',
      'distance',
      'noCompanion',
      'artists',
      'none',
    ]),
    followsBoosterPage: counts(s.followsBoosterPage, YES_NO),
    consumesBoosterProducts: counts(s.consumesBoosterProducts, YES_NO),
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
