import * as z from 'zod/mini';
import { LINK_IN_NAME, nameText, personName, phone } from '@/lib/validation';
import type { PrefilledQuestion } from '@/data/reservations/types';

const SELECT_OPTION = 'Veuillez sélectionner une option';
const yesNo = z.enum(['yes', 'no'], { error: SELECT_OPTION });

/**
 * The Night Party reservation form. Name and city need a letter or digit that shows (nameText);
 * the name must not look like a link (personName).
 */
export const reservationSchema = z.object({
  fullName: personName(
    'Le nom est obligatoire',
    LINK_IN_NAME.name,
    z.minLength(3, 'Le nom doit contenir au moins 3 caractères'),
    z.maxLength(100, 'Le nom ne doit pas dépasser 100 caractères'),
  ),
  phone: phone(),
  ville: nameText(
    'La ville est obligatoire',
    z.maxLength(80, 'La ville ne doit pas dépasser 80 caractères'),
  ),
  attendanceStatus: z.enum(['yes', 'no', 'maybe'], { error: 'Veuillez confirmer votre présence' }),
  heardFrom: z.enum(['flyer', 'social', 'wordOfMouth'], { error: SELECT_OPTION }),
  willAttend: yesNo,
  attendanceBarrier: z.enum(['location', 'cost', 'distance', 'noCompanion', 'artists', 'none'], {
    error: SELECT_OPTION,
  }),
  followsBoosterPage: yesNo,
  consumesBoosterProducts: yesNo,
});

export type ReservationFormValues = z.infer<typeof reservationSchema>;

/** What the form holds before validation: heardFrom has no default (the visitor must choose). */
export type ReservationFormInput = Omit<ReservationFormValues, 'heardFrom'> & {
  heardFrom: ReservationFormValues['heardFrom'] | '';
};

export const RESERVATION_DEFAULTS: ReservationFormInput = {
  fullName: '',
  phone: '',
  ville: '',
  attendanceStatus: 'yes',
  heardFrom: '',
  willAttend: 'yes',
  attendanceBarrier: 'none',
  followsBoosterPage: 'yes',
  consumesBoosterProducts: 'yes',
};

/** The questions the form offers with an answer already chosen, in the form's order. */
export const PREFILLED_QUESTIONS: readonly PrefilledQuestion[] = [
  'attendanceStatus',
  'willAttend',
  'attendanceBarrier',
  'followsBoosterPage',
  'consumesBoosterProducts',
];

/** The pre-filled answers that differ from their default (docs/decisions/025-survey-defaults.md). */
export const changedFromDefaults = (values: ReservationFormValues): PrefilledQuestion[] =>
  PREFILLED_QUESTIONS.filter((q) => values[q] !== RESERVATION_DEFAULTS[q]);
