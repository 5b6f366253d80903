import type {
  AttendanceBarrier,
  AttendanceStatus,
  HeardFrom,
  YesNo,
} from '@/data/reservations/types';

/**
 * French labels of the Night Party reservation survey: one place, used by the reservation form,
 * the admin reservations page and the reservations CSV.
 */
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  yes: 'Confirmé',
  no: 'Décliné',
  maybe: 'Peut-être',
};

export const HEARD_FROM_LABELS: Record<HeardFrom, string> = {
  flyer: 'Flyer / affiche',
  social: 'Réseaux sociaux',
  wordOfMouth: 'Bouche-à-oreille',
};

export const YES_NO_LABELS: Record<YesNo, string> = { yes: 'Oui', no: 'Non' };

export const ATTENDANCE_BARRIER_LABELS: Record<AttendanceBarrier, string> = {
  location: 'Le lieu',
  cost: 'Le coût (transport, tenue…)',
  distance: 'La distance',
  noCompanion: 'Pas d’accompagnateur',
  artists: 'Les artistes à l’affiche',
  none: 'Aucun obstacle',
};

/** The survey questions, as asked on the form and as column titles in the admin summary. */
export const SURVEY_QUESTIONS = {
  attendanceStatus: 'Confirmez-vous votre présence ?',
  heardFrom: 'Comment avez-vous entendu parler de la Night Party ?',
  willAttend: 'Pensez-vous venir à la Booster Night Party ?',
  attendanceBarrier: 'Qu’est-ce qui pourrait vous empêcher de venir ?',
  followsBoosterPage: 'Suivez-vous la page Booster sur les réseaux sociaux ?',
  consumesBoosterProducts: 'Consommez-vous les boissons Booster ?',
} as const;
