import { formatEventDateTime } from '@/lib/dates';
import type { ReservationStateFilter } from '@/data/reservations/list-reservations';
import type { CheckInResult } from '@/data/door/check-in-by-hand';
import type { Reservation } from '@/data/reservations/types';

export { RESERVATION_STATE_LABELS } from '@/data/reservations/state-labels';

/**
 * The state of a Night Party pass as the administration shows it: each reservation in exactly one
 * (an entered pass is "Entré", no longer "Confirmé"), as the list's "Pass" column and filter.
 * Named "Pass", not "État", beside "Statut" (the visitor's own answer, yes / no / maybe, whose
 * name the specification gives): issue 27, docs/decisions/023-honest-screens.md.
 */
export type DisplayState = ReservationStateFilter;

export const RESERVATION_STATE_BADGES: Record<DisplayState, string> = {
  confirmed: 'bg-green-100 text-green-900',
  checked_in: 'bg-blue-100 text-blue-900',
  waitlisted: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

export const displayState = (r: Pick<Reservation, 'state' | 'checkedInAt'>): DisplayState =>
  r.checkedInAt ? 'checked_in' : r.state;

const BY_HAND = 'À la main (administration)';

/** Where an entry was validated: its door, or by hand from the reservations list. */
export const doorLabel = (r: Pick<Reservation, 'checkedInDoor' | 'checkedInByHand'>) =>
  r.checkedInByHand ? BY_HAND : (r.checkedInDoor ?? '');

/** The toast of a check-in by hand: its verdict in words, as the door shows it. */
export function checkInMessage(r: CheckInResult): {
  kind: 'success' | 'info' | 'error';
  text: string;
} {
  const who = [r.firstName, r.lastInitial && `${r.lastInitial}.`].filter(Boolean).join(' ');
  switch (r.verdict) {
    case 'validated':
      return { kind: 'success', text: `Entrée validée — ${who}` };
    case 'already': {
      const at = r.checkedInAt ? ` le ${formatEventDateTime(r.checkedInAt)}` : '';
      const where = r.byHand ? BY_HAND : r.door;
      const door = where ? ` (${where})` : '';
      return { kind: 'info', text: `Déjà entré${at}${door} — ${who}` };
    }
    case 'waitlisted':
      return { kind: 'error', text: `Liste d’attente : ${who} n’a pas de place confirmée.` };
    case 'cancelled':
      return { kind: 'error', text: `Annulé : le pass de ${who} ne permet plus d’entrer.` };
    default:
      return { kind: 'error', text: 'Réservation introuvable.' };
  }
}
