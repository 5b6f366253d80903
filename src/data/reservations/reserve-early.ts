import { toDataError } from '@/lib/errors';
import { publicRpc } from '@/data/shared/public-rpc';
import { toReservationRow } from './mappers';
import { RESERVATION_ERROR, toSentReservation, type SentReservation } from './sent-reservation';
import type { NewReservation } from './types';

/**
 * create_reservation with plain fetch and a proof-of-work solution the caller solved: the
 * reservation a visitor sends before the site's app has arrived
 * (src/features/reservation/early-reserve.ts, docs/decisions/051-the-reservation-before-the-app.md).
 * The same payload as createReservation's, the same `id` rule (one filled form, one id: the app,
 * arriving mid-submit, sends with that id and the database answers the same row). A refusal is a
 * DataError with the database's French message; the caller hands the form to the app then.
 */
export async function reserveEarly(
  id: string,
  reservation: NewReservation,
  honeypot: string,
  pow: string,
): Promise<SentReservation> {
  const { data, error } = await publicRpc('create_reservation', {
    payload: { ...toReservationRow(id, reservation), website: honeypot, pow },
  });
  if (error) throw toDataError(error, RESERVATION_ERROR);
  return toSentReservation(data);
}
