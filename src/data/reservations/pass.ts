import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';
import { CheckedValues } from '../../../supabase/database.types';

const PASS_STATES = [...CheckedValues.reservations.state, 'checked_in'] as const;

/**
 * A visitor's Night Party pass, read and cancelled with its code (get_pass, cancel_reservation),
 * with plain fetch (src/data/shared/public-rpc.ts): the pass page loads no supabase-js. The code
 * is the only key: nothing here can list reservations. See
 * docs/decisions/009-night-party-operations.md.
 */

/** A reservation's state (its check constraint), or 'checked_in' once entered at the door. */
type PassState = (typeof PASS_STATES)[number];

export type Pass = {
  code: string;
  /** What the QR holds for the door after the link (docs/decisions/042-a-door-list-without-codes.md). */
  qrToken: string;
  firstName: string;
  maskedPhone: string;
  state: PassState;
  /** Rank on the waitlist (1 = next in), null unless waitlisted. */
  position: number | null;
  checkedInAt: string | null;
  concertStartsAt: string;
  doorsOpenAt: string;
  venueName: string;
  venueAddress: string;
  mapUrl: string;
};

export const PASS_ERROR = 'Impossible de charger ce pass pour le moment. Veuillez réessayer.';
export const CANCEL_ERROR = 'L’annulation n’a pas pu être enregistrée. Veuillez réessayer.';

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** get_pass() / cancel_reservation() JSON -> Pass. */
function toPass(json: unknown): Pass {
  const j = (json ?? {}) as Json;
  const state = PASS_STATES.find((s) => s === j.state);
  if (!state || !j.code) throw new DataError('unknown', PASS_ERROR);
  return {
    code: text(j.code),
    qrToken: text(j.qr_token),
    firstName: text(j.first_name),
    maskedPhone: text(j.masked_phone),
    state,
    position: typeof j.position === 'number' ? j.position : null,
    checkedInAt: typeof j.checked_in_at === 'string' ? j.checked_in_at : null,
    concertStartsAt: text(j.concert_starts_at),
    doorsOpenAt: text(j.doors_open_at),
    venueName: text(j.venue_name),
    venueAddress: text(j.venue_address),
    mapUrl: text(j.map_url),
  };
}

/** The pass with this code, or null when no reservation has it. */
export async function getPass(code: string): Promise<Pass | null> {
  const { data, error } = await publicRpc('get_pass', { code });
  if (error) throw toDataError(error, PASS_ERROR);
  return data === null ? null : toPass(data);
}

/**
 * "Je ne pourrai pas venir": cancels the reservation and frees its place (the first on the
 * waitlist gets it). Cancelling twice answers the same; a pass already used at the door, an
 * unknown code or too many attempts are refused with the database's French message.
 */
export async function cancelPass(code: string): Promise<Pass> {
  const { data, error } = await publicRpc('cancel_reservation', { code });
  if (error) throw toDataError(error, CANCEL_ERROR);
  return toPass(data);
}
