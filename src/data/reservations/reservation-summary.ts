import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';
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

/** One question's counts, each of its values (0 when the answer does not say). */
const counts = <K extends string>(
  o: Partial<Record<K, number | null>> | null,
  keys: readonly K[],
): Record<K, number> => Object.fromEntries(keys.map((k) => [k, o?.[k] ?? 0])) as Record<K, number>;

/** Each answer's values, in the order of its check constraint (generated with the types). */
const VALUES = CheckedValues.reservations;

/** What reservation_summary() answers (supabase/schemas/06_answer_types_door_vote.sql). */
type SummaryAnswer = Database['public']['CompositeTypes']['reservation_summary_answer'];

/** reservation_summary()'s answer -> ReservationSummary. */
export function toReservationSummary(s: SummaryAnswer | null): ReservationSummary {
  return {
    total: s?.total ?? 0,
    attendanceStatus: counts(s?.attendanceStatus ?? null, VALUES.attendance_status),
    heardFrom: counts(s?.heardFrom ?? null, VALUES.heard_from),
    willAttend: counts(s?.willAttend ?? null, VALUES.will_attend),
    attendanceBarrier: counts(s?.attendanceBarrier ?? null, VALUES.attendance_barrier),
    followsBoosterPage: counts(s?.followsBoosterPage ?? null, VALUES.follows_booster_page),
    consumesBoosterProducts: counts(
      s?.consumesBoosterProducts ?? null,
      VALUES.consumes_booster_products,
    ),
    cities: [...(s?.cities ?? [])].sort((a, b) => a.localeCompare(b, 'fr')),
  };
}

/** The survey summary, computed in SQL over all reservations. */
export async function getReservationSummary(): Promise<ReservationSummary> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('reservation_summary');
  if (error) throw toDataError(error, 'Erreur lors du chargement des réservations');
  return toReservationSummary(data);
}
