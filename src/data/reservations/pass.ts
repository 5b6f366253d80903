import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';

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

/** What get_pass and cancel_reservation answer (supabase/schemas/05_answer_types.sql). */
type PassAnswer = Database['public']['CompositeTypes']['pass_answer'];

/** The answer, renamed; a state the database does not list means a broken answer. */
function toPass(a: PassAnswer): Pass {
  const state = PASS_STATES.find((s) => s === a.state);
  if (!state || !a.code) throw new DataError('unknown', PASS_ERROR);
  return {
    code: a.code,
    qrToken: a.qr_token ?? '',
    firstName: a.first_name ?? '',
    maskedPhone: a.masked_phone ?? '',
    state,
    position: a.position,
    checkedInAt: a.checked_in_at,
    concertStartsAt: a.concert_starts_at ?? '',
    doorsOpenAt: a.doors_open_at ?? '',
    venueName: a.venue_name ?? '',
    venueAddress: a.venue_address ?? '',
    mapUrl: a.map_url ?? '',
  };
}

/** The pass with this code, or null when no reservation has it. */
export async function getPass(code: string): Promise<Pass | null> {
  const { data, error } = await publicRpc('get_pass', { code });
  if (error) throw toDataError(error, PASS_ERROR);
  // No pass with this code: every field null (a null composite, as PostgREST answers it).
  return data?.code == null ? null : toPass(data);
}

/**
 * "Je ne pourrai pas venir": cancels the reservation and frees its place (the first on the
 * waitlist gets it). Cancelling twice answers the same; a pass already used at the door, an
 * unknown code or too many attempts are refused with the database's French message.
 */
export async function cancelPass(code: string): Promise<Pass> {
  const { data, error } = await publicRpc('cancel_reservation', { code });
  if (error) throw toDataError(error, CANCEL_ERROR);
  if (!data) throw new DataError('unknown', CANCEL_ERROR);
  return toPass(data);
}
