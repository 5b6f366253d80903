import { toCsv } from '@/lib/csv';
import { fileDate, formatDateTime } from '@/lib/dates';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { Participant, RegionCount, Reservation } from '@/data/types';
import type { AttendanceRow } from '@/data/night-party-admin';
import type { InboxMessage } from '@/data/messages';
import { answerLabel, attendanceRate, questionTitle } from '../attendance/attendance-labels';

/** The contents of the administration's exports (all written by the one CSV writer). */

/**
 * The participants file: exactly the specification's columns, in its order (its §7, "Client-built
 * exports"; tests/unit/csv-exports.test.ts and tests/unit/specification-words.test.ts).
 */
export const PARTICIPANT_CSV_COLUMNS = [
  'id',
  'fullName',
  'email',
  'phone',
  'city',
  'region',
  'category',
  'participationType',
  'teamName',
  'linkToWork',
  'description',
  'agreeToTerms',
  'createdAt',
] as const satisfies readonly (keyof Participant)[];

export function participantsCsv(participants: readonly Participant[]): string {
  return toCsv(
    PARTICIPANT_CSV_COLUMNS,
    participants.map((p) => PARTICIPANT_CSV_COLUMNS.map((c) => p[c] as string | boolean)),
  );
}

export const participantsFileName = (d = new Date()) => `participants_${fileDate(d)}.csv`;

/**
 * The reservations file: exactly the specification's columns (its §7). The pass's state, entry
 * time and door are in the readable export ("Exporter pour Excel", readable-export-sheets.ts):
 * docs/decisions/021-specification-words.md.
 */
export const RESERVATION_CSV_COLUMNS = [
  'Nom',
  'Téléphone',
  'Ville',
  'Statut',
  "Source d'information",
  'Assistera',
  'Obstacle',
  'Suit la page',
  'Consomme Booster',
  'Date de réservation',
] as const;

export function reservationsCsv(reservations: readonly Reservation[]): string {
  return toCsv(
    RESERVATION_CSV_COLUMNS,
    reservations.map((r) => [
      r.fullName,
      r.phone,
      r.ville,
      ATTENDANCE_STATUS_LABELS[r.attendanceStatus],
      HEARD_FROM_LABELS[r.heardFrom],
      YES_NO_LABELS[r.willAttend],
      ATTENDANCE_BARRIER_LABELS[r.attendanceBarrier],
      YES_NO_LABELS[r.followsBoosterPage],
      YES_NO_LABELS[r.consumesBoosterProducts],
      formatDateTime(r.createdAt),
    ]),
  );
}

export const reservationsFileName = (d = new Date()) => `reservations_${fileDate(d)}.csv`;

/** Whole-number percentage of `part` in `total` (0 when total is 0). */
export const percent = (part: number, total: number) =>
  total > 0 ? Math.round((part / total) * 100) : 0;

export const REGION_CSV_FILE = 'distribution_regionale.csv';

export function regionsCsv(byRegion: readonly RegionCount[], total: number): string {
  return toCsv(
    ['Région', 'Participants', 'Pourcentage'],
    byRegion.map((r) => [r.region, r.count, `${percent(r.count, total)}%`]),
  );
}

/**
 * The sponsor's file: each survey answer, confirmed places, who came and the rate; whether the
 * form offered the answer already chosen, and on that answer how many confirmed places were left
 * at it and how many were made before the form recorded it (docs/decisions/025-survey-defaults.md).
 */
export const ATTENDANCE_CSV_COLUMNS = [
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

export const participantJsonFileName = (id: string) => `participant_${id}.json`;

/** The inbox's file (French headers, local dates). */
export const MESSAGE_CSV_COLUMNS = [
  'Date',
  'Nom',
  'E-mail',
  'Sujet',
  'Message',
  'Traité',
  'Traité le',
] as const;

export function messagesCsv(messages: readonly InboxMessage[]): string {
  return toCsv(
    MESSAGE_CSV_COLUMNS,
    messages.map((m) => [
      formatDateTime(m.createdAt),
      m.name,
      m.email,
      m.subject,
      m.message,
      m.handledAt ? 'Oui' : 'Non',
      m.handledAt ? formatDateTime(m.handledAt) : '',
    ]),
  );
}

export const messagesFileName = (d = new Date()) => `messages_${fileDate(d)}.csv`;
