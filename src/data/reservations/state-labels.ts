import type { ReservationStateFilter } from './list-reservations';

/**
 * A Night Party pass's state as the administration names it (the reservations list's "Pass"
 * column and filter, the journal), shared by both (docs/decisions/023-honest-screens.md).
 */
export const RESERVATION_STATE_LABELS: Record<ReservationStateFilter, string> = {
  confirmed: 'Confirmé',
  checked_in: 'Entré',
  waitlisted: 'Liste d’attente',
  cancelled: 'Annulé',
};
