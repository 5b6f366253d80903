import { toCsv } from '@/lib/csv';
import { fileDate } from '@/lib/dates';
import type { AttendanceRow } from '@/data/reservations/night-party-admin';
import { answerLabel, attendanceRate, questionTitle } from './attendance-labels';

/** The sponsor's file: each survey answer, confirmed places, who came and the rate. */
export const ATTENDANCE_CSV_COLUMNS = [
  'Question',
  'Réponse',
  'Réservations confirmées',
  'Venus',
  'Taux de venue',
] as const;

export function attendanceCsv(rows: readonly AttendanceRow[]): string {
  return toCsv(
    ATTENDANCE_CSV_COLUMNS,
    rows.map((r) => {
      const rate = attendanceRate(r.came, r.reserved);
      return [
        questionTitle(r.question),
        answerLabel(r),
        r.reserved,
        r.came,
        rate === null ? '' : `${rate}%`,
      ];
    }),
  );
}

export const attendanceFileName = (d = new Date()) => `presence_night_party_${fileDate(d)}.csv`;
