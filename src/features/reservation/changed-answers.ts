import { useRef } from 'react';
import type { PrefilledQuestion } from '@/data/reservations/types';
import {
  changedFromDefaults,
  PREFILLED_QUESTIONS,
  type ReservationFormValues,
} from './reservation-schema';

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
    list: (values: ReservationFormValues): PrefilledQuestion[] => {
      const differ = changedFromDefaults(values);
      return PREFILLED_QUESTIONS.filter((q) => changed.current.has(q) || differ.includes(q));
    },
  };
}
