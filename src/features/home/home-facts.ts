import type { EditionInfo } from '@/data/edition/edition-info';
import type { RegistrationStatus } from '@/data/participants/types';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';

/**
 * The sentences of the home page's live facts (./home-status.tsx), loaded after the first paint
 * with the answers they describe: the date formatters and the sentences stay out of the home
 * page's first load (build/bundle-budget.ts).
 */
const validDate = (iso: string) => iso !== '' && !Number.isNaN(new Date(iso).getTime());
const day = (iso: string) => (validDate(iso) ? formatEventDate(iso) : '');
const when = (iso: string) => (validDate(iso) ? `${day(iso)} à ${formatEventTime(iso)}` : '');

/** Whether one can register, and until or from when (the settings' window). */
export function registrationNote(status: RegistrationStatus): string {
  switch (status.reason) {
    case 'open':
      return validDate(status.closesAt)
        ? `Inscriptions ouvertes jusqu’au ${day(status.closesAt)}.`
        : 'Inscriptions ouvertes.';
    case 'not_open':
      return validDate(status.opensAt)
        ? `Les inscriptions ouvriront le ${day(status.opensAt)}.`
        : 'Les inscriptions ne sont pas encore ouvertes.';
    case 'closed':
      return 'Inscriptions clôturées\u00a0: la période d’inscription est terminée.';
    case 'full':
      return 'Complet\u00a0: le nombre maximum de participants est atteint.';
  }
}

/** "dimanche 20 décembre 2026 à 16:00": the hero's next event (./home-status.tsx, NextEvent). */
export const concertStart = (info: EditionInfo) => when(info.concertStartsAt);

/** The concert's date, time and venue, as the settings have them. */
export const concertWhen = (info: EditionInfo) =>
  `${when(info.concertStartsAt)}, ${info.venueName}.`;

/** Places left, waitlist, not open yet, closed or passé: a badge and a sentence. */
export function concertNote(info: EditionInfo): { badge: string; text: string } {
  if (info.reservationState === 'past')
    return {
      badge: 'Passé',
      text: `La Night Party a eu lieu le ${day(info.concertStartsAt)}. Rendez-vous à la prochaine édition\u00a0!`,
    };
  if (info.reservationState === 'closed')
    return {
      badge: 'Réservations closes',
      text: 'Les personnes qui ont un pass le présentent à l’entrée.',
    };
  if (info.reservationState === 'not_open')
    return {
      badge: 'Bientôt',
      text: `Les réservations ouvriront le ${when(info.reservationsOpenAt)}.`,
    };
  if (info.waitlistOpen)
    return {
      badge: 'Complet',
      text: 'Liste d’attente ouverte\u00a0: chaque place libérée va à la personne suivante.',
    };
  const n = info.placesLeft;
  return {
    badge: 'Réservations ouvertes',
    text:
      n === 1
        ? 'Dernière place disponible\u00a0!'
        : n <= 50
          ? `Plus que ${n} places disponibles\u00a0!`
          : `${formatCount(n)} places disponibles.`,
  };
}
