import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { AttendanceQuestion, AttendanceRow } from '@/data/reservations/night-party-admin';

/** The crossings shown to the sponsor, one per question, in the form's order, with their labels. */
export const ATTENDANCE_QUESTIONS: readonly {
  key: AttendanceQuestion;
  /** The table's title. */
  title: string;
  /** The question as the form asked it. */
  question: string;
  labels: Record<string, string>;
}[] = [
  {
    key: 'attendanceStatus',
    title: 'Selon la présence confirmée',
    question: SURVEY_QUESTIONS.attendanceStatus,
    labels: ATTENDANCE_STATUS_LABELS,
  },
  {
    key: 'heardFrom',
    title: 'Selon la source d’information',
    question: SURVEY_QUESTIONS.heardFrom,
    labels: HEARD_FROM_LABELS,
  },
  {
    key: 'willAttend',
    title: 'Selon l’intention de venir',
    question: SURVEY_QUESTIONS.willAttend,
    labels: YES_NO_LABELS,
  },
  {
    key: 'attendanceBarrier',
    title: 'Selon l’obstacle déclaré',
    question: SURVEY_QUESTIONS.attendanceBarrier,
    labels: ATTENDANCE_BARRIER_LABELS,
  },
  {
    key: 'followsBoosterPage',
    title: 'Selon le suivi de la page Booster',
    question: SURVEY_QUESTIONS.followsBoosterPage,
    labels: YES_NO_LABELS,
  },
  {
    key: 'consumesBoosterProducts',
    title: 'Selon la consommation des boissons Booster',
    question: SURVEY_QUESTIONS.consumesBoosterProducts,
    labels: YES_NO_LABELS,
  },
];

const QUESTION = Object.fromEntries(ATTENDANCE_QUESTIONS.map((q) => [q.key, q]));

/** The French label of a row's answer. */
export const answerLabel = (row: AttendanceRow) =>
  QUESTION[row.question]?.labels[row.answer] ?? row.answer;

export const questionTitle = (question: AttendanceQuestion) => QUESTION[question].question;

/** Who came among the confirmed places, whole percent; null when nobody had a place. */
export const attendanceRate = (came: number, reserved: number) =>
  reserved > 0 ? Math.round((came / reserved) * 100) : null;

/**
 * A question's pre-filled answer and what became of it among the confirmed places: left as the
 * form offered it (`kept`), changed by the visitor (`changed`, whatever they answered in the end),
 * or not recorded (`unknown`: made before the form recorded it). null when the form pre-fills no
 * answer to this question (docs/decisions/025-survey-defaults.md).
 */
export function prefilledFigures(rows: readonly AttendanceRow[]) {
  const row = rows.find((r) => r.prefilled);
  if (!row) return null;
  const total = rows.reduce((sum, r) => sum + r.reserved, 0);
  return {
    answer: answerLabel(row),
    total,
    kept: row.kept,
    unknown: row.unknown,
    changed: total - row.kept - row.unknown,
  };
}
