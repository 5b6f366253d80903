import type { DoorAnswer, DoorScan } from '@/data/door/check-in';
import { formatEventTime } from '@/lib/dates';
import { groupedCode } from './door-input';

/** Times at the door are the venue's (Cameroon: UTC+1 all year): 20:14. */
const doorTime = formatEventTime;

/** "Awa N.", or "Awa" without a last name; null when the answer names nobody. */
export function holderName(answer: DoorAnswer): string | null {
  if (!answer.firstName) return null;
  return answer.lastInitial ? `${answer.firstName} ${answer.lastInitial}.` : answer.firstName;
}

/** "porte 2" in a sentence ("Déjà entré à 20:14 (porte 2)"). */
const doorInSentence = (door: string) => door.charAt(0).toLowerCase() + door.slice(1);

/** The verdict in words, as the door reads it: "Entrée validée — Awa N.". */
export function verdictTitle(answer: DoorAnswer): string {
  const name = holderName(answer);
  switch (answer.verdict) {
    case 'validated':
      return name ? `Entrée validée — ${name}` : 'Entrée validée';
    case 'already': {
      if (!answer.checkedInAt) return 'Déjà entré';
      const door = answer.byHand ? 'à la main, administration' : answer.door;
      const where = door ? ` (${doorInSentence(door)})` : '';
      return `Déjà entré à ${doorTime(answer.checkedInAt)}${where}`;
    }
    case 'waitlisted':
      return answer.position ? `Liste d’attente — n° ${answer.position}` : 'Liste d’attente';
    case 'cancelled':
      return 'Annulé';
    case 'unknown':
      return 'Pass inconnu';
  }
}

/** What to do, under the title. */
export function verdictAdvice(answer: DoorAnswer, scan: DoorScan): string {
  switch (answer.verdict) {
    case 'validated':
      return 'Laissez entrer.';
    case 'already':
      return 'Ce pass a déjà servi : ne laissez pas entrer une deuxième fois.';
    case 'waitlisted':
      return 'Pas de place confirmée : ce pass est sur la liste d’attente.';
    case 'cancelled':
      return 'Ce pass a été annulé par son titulaire ou les organisateurs.';
    case 'unknown':
      return scan.kind === 'phone'
        ? 'Aucune réservation à ce numéro.'
        : 'Aucun pass ne correspond à ce code.';
  }
}

/** "Pass ABCDE FGHJK" or "Téléphone 677123456": what was scanned or typed. */
export function scanLabel(scan: DoorScan): string {
  return scan.kind === 'phone' ? `Téléphone ${scan.value}` : `Pass ${groupedCode(scan.value)}`;
}

/** Colours with WCAG AA contrast (white on green-800, red-800…; near-black on yellow-300). */
export const VERDICT_STYLE: Record<
  DoorAnswer['verdict'] | 'queued' | 'error' | 'closed' | 'limited',
  string
> = {
  validated: 'bg-green-800 text-white',
  already: 'bg-orange-800 text-white',
  unknown: 'bg-red-800 text-white',
  waitlisted: 'bg-yellow-300 text-gray-950',
  cancelled: 'bg-gray-800 text-white',
  queued: 'bg-blue-800 text-white',
  error: 'bg-red-800 text-white',
  // The door's own refusals: not a pass's verdict, so not the red of "Pass inconnu".
  closed: 'bg-gray-900 text-white',
  limited: 'bg-purple-900 text-white',
};

/**
 * The focus ring of "Scanner le suivant" on each colour (issue 31, item 7): white on the dark
 * colours (4.5:1 at least, as their white text), the site's dark blue on the yellow.
 */
export const VERDICT_RING: Record<keyof typeof VERDICT_STYLE, string> = {
  validated: 'focus-ring-light',
  already: 'focus-ring-light',
  unknown: 'focus-ring-light',
  waitlisted: '',
  cancelled: 'focus-ring-light',
  queued: 'focus-ring-light',
  error: 'focus-ring-light',
  closed: 'focus-ring-light',
  limited: 'focus-ring-light',
};

/** The verdict's symbol (repeats the colour's meaning for those who do not perceive it). */
export const VERDICT_SYMBOL: Record<keyof typeof VERDICT_STYLE, string> = {
  validated: '✓',
  already: '✕',
  unknown: '✕',
  waitlisted: '!',
  cancelled: '✕',
  queued: '…',
  error: '!',
  closed: '!',
  limited: '!',
};
