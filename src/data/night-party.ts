import { publicRpc } from '@/lib/public-rpc';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The Night Party's public side: the edition's facts and whether reservations are open
 * (edition_info), and a visitor's pass, read and cancelled with its code (get_pass,
 * cancel_reservation). The code is the only key: nothing here can list reservations.
 * See docs/decisions/009-night-party-operations.md.
 */

export type ReservationState = 'not_open' | 'open' | 'closed' | 'past';

export type EditionInfo = {
  concertStartsAt: string;
  doorsOpenAt: string;
  venueName: string;
  venueAddress: string;
  mapUrl: string;
  contactPhone: string;
  contactEmail: string;
  reservationsOpenAt: string;
  reservationsCloseAt: string;
  reservationState: ReservationState;
  placesLeft: number;
  /** Full, still open: a new reservation goes on the waitlist. */
  waitlistOpen: boolean;
  /** The contest's registration window (contest_settings). */
  registrationOpensAt: string;
  registrationClosesAt: string;
  /** The final's city and day (yyyy-mm-dd, Douala). */
  finalCity: string;
  finalOn: string;
  /** The edition's year: the final's (docs/decisions/024-one-edition-one-source.md). */
  editionYear: number;
};

export type PassState = 'confirmed' | 'waitlisted' | 'cancelled' | 'checked_in';

export type Pass = {
  code: string;
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

const INFO_ERROR = 'Impossible de charger les informations de la Night Party pour le moment.';
export const PASS_ERROR = 'Impossible de charger ce pass pour le moment. Veuillez réessayer.';
export const CANCEL_ERROR = 'L’annulation n’a pas pu être enregistrée. Veuillez réessayer.';

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const STATES: ReservationState[] = ['not_open', 'open', 'closed', 'past'];
const PASS_STATES: PassState[] = ['confirmed', 'waitlisted', 'cancelled', 'checked_in'];

/** edition_info() JSON -> EditionInfo; an answer that is not one throws. */
export function toEditionInfo(json: unknown): EditionInfo {
  const j = (json ?? {}) as Json;
  const reservationState = STATES.find((s) => s === j.reservation_state);
  if (!reservationState || !j.concert_starts_at) throw new DataError('unknown', INFO_ERROR);
  return {
    concertStartsAt: text(j.concert_starts_at),
    doorsOpenAt: text(j.doors_open_at),
    venueName: text(j.venue_name),
    venueAddress: text(j.venue_address),
    mapUrl: text(j.map_url),
    contactPhone: text(j.contact_phone),
    contactEmail: text(j.contact_email),
    reservationsOpenAt: text(j.reservations_open_at),
    reservationsCloseAt: text(j.reservations_close_at),
    reservationState,
    placesLeft: Number(j.places_left ?? 0),
    waitlistOpen: j.waitlist_open === true,
    registrationOpensAt: text(j.registration_opens_at),
    registrationClosesAt: text(j.registration_closes_at),
    finalCity: text(j.final_city),
    finalOn: text(j.final_on),
    editionYear: Number(j.edition_year ?? 0),
  };
}

/** get_pass() / cancel_reservation() JSON -> Pass. */
export function toPass(json: unknown): Pass {
  const j = (json ?? {}) as Json;
  const state = PASS_STATES.find((s) => s === j.state);
  if (!state || !j.code) throw new DataError('unknown', PASS_ERROR);
  return {
    code: text(j.code),
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

// Plain fetch (src/lib/public-rpc.ts): the Night Party and pass pages load no supabase-js.
export async function getEditionInfo(): Promise<EditionInfo> {
  const { data, error } = await publicRpc('edition_info');
  if (error) throw toDataError(error, INFO_ERROR);
  return toEditionInfo(data);
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
