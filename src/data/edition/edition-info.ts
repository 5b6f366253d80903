import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The edition's public facts and whether Night Party reservations are open (edition_info), read
 * with plain fetch (src/data/shared/public-rpc.ts): the Night Party and pass pages, the footer and
 * the home page load no supabase-js for it. See docs/decisions/009-night-party-operations.md.
 */

type ReservationState = 'not_open' | 'open' | 'closed' | 'past';

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
  /** A reminder is sent by itself before the concert (the success page says so only then). */
  reminderConfigured: boolean;
};

const INFO_ERROR = 'Impossible de charger les informations de la Night Party pour le moment.';

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const STATES: ReservationState[] = ['not_open', 'open', 'closed', 'past'];

/** edition_info() JSON -> EditionInfo; an answer that is not one throws. */
function toEditionInfo(json: unknown): EditionInfo {
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
    reminderConfigured: j.reminder_configured === true,
  };
}

export async function getEditionInfo(): Promise<EditionInfo> {
  const { data, error } = await publicRpc('edition_info');
  if (error) throw toDataError(error, INFO_ERROR);
  return toEditionInfo(data);
}
