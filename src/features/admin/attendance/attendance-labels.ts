import {
  ATTENDANCE_BARRIER_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { AttendanceQuestion, AttendanceRow } from '@/data/reservations/night-party-admin';

/** The four crossings shown to the sponsor, in the form's order, with their answers' labels. */
export const ATTENDANCE_QUESTIONS: readonly {
  key: AttendanceQuestion;
  /** The table's title. */
  title: string;
  /** The question as the form asked it. */
  question: string;
  labels: Record<string, string>;
}[] = [
  {
    key: 'heardFrom',
    title: 'Selon la source d’information',
    question: SURVEY_QUESTIONS.heardFrom,
    labels: HEARD_FROM_LABELS,
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
