import { toCsv } from '@/lib/csv';
import { fileDate } from '@/lib/dates';
import type { AttendanceRow } from '@/data/reservations/night-party-admin';
import { answerLabel, attendanceRate, questionTitle } from './attendance-labels';

/**
 * The sponsor's file: each survey answer, confirmed places, who came and the rate; whether the
 * form offered the answer already chosen, and on that answer how many confirmed places were left
 * at it and how many were made before the form recorded it (docs/decisions/025-survey-defaults.md).
 */
const ATTENDANCE_CSV_COLUMNS = [
  'Question',
  'Réponse',
  'Réservations confirmées',
  'Venus',
  'Taux de venue',
  'Réponse pré-remplie',
  'Laissées pré-remplies',
  'Inconnu (avant le relevé)',
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
        r.prefilled ? 'Oui' : 'Non',
        r.prefilled ? r.kept : '',
        r.prefilled ? r.unknown : '',
      ];
    }),
  );
}

export const attendanceFileName = (d = new Date()) => `presence_night_party_${fileDate(d)}.csv`;
