import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';
import type { AttendanceBarrier, AttendanceStatus, HeardFrom, YesNo } from './types';

/**
 * The Night Party in the administration (docs/decisions/009-night-party-operations.md): the
 * capacity figures, the attendance report and the cancellation of a reservation. The edition's
 * settings are in src/data/edition/settings.ts, the entries by hand in src/data/door.
 */

/** The capacity bar: places that may be confirmed (limit = capacity + overbooking) and counts. */
export type NightPartyStats = {
  capacity: number;
  limit: number;
  /** Every confirmed place, entered or not. */
  confirmed: number;
  waitlisted: number;
  checkedIn: number;
  cancelled: number;
};

const STATS_ERROR = 'Erreur lors du chargement des chiffres de la Night Party';

export async function getNightPartyStats(): Promise<NightPartyStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('night_party_stats');
  if (error) throw toDataError(error, STATS_ERROR);
  return {
    capacity: data?.capacity ?? 0,
    limit: data?.limit ?? 0,
    confirmed: data?.confirmed ?? 0,
    waitlisted: data?.waitlisted ?? 0,
    checkedIn: data?.checked_in ?? 0,
    cancelled: data?.cancelled ?? 0,
  };
}

/** The survey questions crossed with who came (keys as in SURVEY_QUESTIONS), in the form's order. */
export type AttendanceQuestion =
  | 'attendanceStatus'
  | 'heardFrom'
  | 'willAttend'
  | 'attendanceBarrier'
  | 'followsBoosterPage'
  | 'consumesBoosterProducts';

type AnswerOf = {
  attendanceStatus: AttendanceStatus;
  heardFrom: HeardFrom;
  willAttend: YesNo;
  attendanceBarrier: AttendanceBarrier;
  followsBoosterPage: YesNo;
  consumesBoosterProducts: YesNo;
};

/**
 * One answer: confirmed places (`reserved`, those who could come) and those who entered. On the
 * answer the form offered already chosen (`prefilled`): `kept` counts the confirmed places left
 * at it, `unknown` those made before the form recorded it (docs/decisions/025-survey-defaults.md);
 * both 0 on any other answer (the visitor chose it).
 */
export type AttendanceRow = {
  [Q in AttendanceQuestion]: {
    question: Q;
    answer: AnswerOf[Q];
    reserved: number;
    came: number;
    prefilled: boolean;
    kept: number;
    unknown: number;
  };
}[AttendanceQuestion];

const QUESTION_OF: Record<string, AttendanceQuestion> = {
  attendance_status: 'attendanceStatus',
  heard_from: 'heardFrom',
  will_attend: 'willAttend',
  attendance_barrier: 'attendanceBarrier',
  follows_booster_page: 'followsBoosterPage',
  consumes_booster_products: 'consumesBoosterProducts',
};

/** attendance_report()'s rows, in the form's order, every answer (zeros included). */
function toAttendanceRows(
  rows: Database['public']['CompositeTypes']['reservation_attendance_line'][],
): AttendanceRow[] {
  return rows
    .filter((r) => String(r.question) in QUESTION_OF)
    .map(
      (r) =>
        ({
          question: QUESTION_OF[String(r.question)],
          answer: r.answer ?? '',
          reserved: r.reserved ?? 0,
          came: r.came ?? 0,
          prefilled: r.prefilled === true,
          kept: r.kept ?? 0,
          unknown: r.unknown ?? 0,
        }) as AttendanceRow,
    );
}

export async function getAttendanceReport(): Promise<AttendanceRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('attendance_report');
  if (error) throw toDataError(error, 'Erreur lors du chargement de la présence');
  return toAttendanceRows(data ?? []);
}

/**
 * Cancels a reservation (the holder called, a duplicate…): the first of the waitlist takes the
 * place in the same transaction (returned: how many were confirmed). A pass that has entered
 * cannot be cancelled (French refusal).
 */
export async function cancelReservationAsAdmin(id: string): Promise<{ promoted: number }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_cancel_reservation', { id });
  if (error) throw toDataError(error, 'Erreur lors de l’annulation de la réservation');
  // How many of the waitlist the freed place confirmed (the toast says it: issue 27).
  return { promoted: data?.promoted ?? 0 };
}
