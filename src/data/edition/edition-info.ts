import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

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

const STATES: ReservationState[] = ['not_open', 'open', 'closed', 'past'];

/** edition_info's answer (supabase/schemas/05_answer_types.sql), renamed; a broken one throws. */
function toEditionInfo(
  a: Database['public']['CompositeTypes']['edition_info_answer'] | null,
): EditionInfo {
  const reservationState = STATES.find((s) => s === a?.reservation_state);
  if (!a || !reservationState || !a.concert_starts_at) throw new DataError('unknown', INFO_ERROR);
  return {
    concertStartsAt: a.concert_starts_at,
    doorsOpenAt: a.doors_open_at ?? '',
    venueName: a.venue_name ?? '',
    venueAddress: a.venue_address ?? '',
    mapUrl: a.map_url ?? '',
    contactPhone: a.contact_phone ?? '',
    contactEmail: a.contact_email ?? '',
    reservationsOpenAt: a.reservations_open_at ?? '',
    reservationsCloseAt: a.reservations_close_at ?? '',
    reservationState,
    placesLeft: a.places_left ?? 0,
    waitlistOpen: a.waitlist_open === true,
    registrationOpensAt: a.registration_opens_at ?? '',
    registrationClosesAt: a.registration_closes_at ?? '',
    finalCity: a.final_city ?? '',
    finalOn: a.final_on ?? '',
    editionYear: a.edition_year ?? 0,
    reminderConfigured: a.reminder_configured === true,
  };
}

export async function getEditionInfo(): Promise<EditionInfo> {
  const { data, error } = await publicRpc('edition_info');
  if (error) throw toDataError(error, INFO_ERROR);
  return toEditionInfo(data);
}
