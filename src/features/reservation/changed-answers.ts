import { useRef } from 'react';
import type { PrefilledQuestion } from '@/data/reservations/types';
import { RESERVATION_DEFAULTS, type ReservationFormValues } from './reservation-schema';

/** The questions the form offers with an answer already chosen, in the form's order. */
const PREFILLED_QUESTIONS: readonly PrefilledQuestion[] = [
  'attendanceStatus',
  'willAttend',
  'attendanceBarrier',
  'followsBoosterPage',
  'consumesBoosterProducts',
];

/**
 * Which pre-filled answers the visitor changed (docs/decisions/025-survey-defaults.md): a question
 * counts as changed once its answer was changed while filling the form, even if the visitor came
 * back to the default (they read it and chose), or when its answer differs from the default at
 * submit (a choice made before the scripts arrived fires no change event here). `track(q)` goes
 * in `register(q, …)`; `list(values)` is what the reservation sends.
 */
export function useChangedAnswers() {
  const changed = useRef(new Set<PrefilledQuestion>());
  return {
    track: (question: PrefilledQuestion) => ({
      onChange: () => {
        changed.current.add(question);
      },
    }),
    list: (values: ReservationFormValues): PrefilledQuestion[] =>
      PREFILLED_QUESTIONS.filter(
        (q) => changed.current.has(q) || values[q] !== RESERVATION_DEFAULTS[q],
      ),
  };
}
