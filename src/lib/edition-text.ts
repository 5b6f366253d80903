import type { EditionInfo } from '@/data/edition/edition-info';
import {
  doualaInstant,
  eventYear,
  formatEventDate,
  formatEventDay,
  formatEventMonth,
  formatEventTime,
} from './dates';

/**
 * The edition's dated words, from the settings (edition_info) and nothing else: the pages, the
 * convocations and the exports say the same year (docs/decisions/024-one-edition-one-source.md).
 * Each returns '' when the settings do not hold a readable value, so that no page guesses one.
 */
type Facts = Pick<
  EditionInfo,
  | 'concertStartsAt'
  | 'venueName'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'finalCity'
  | 'finalOn'
  | 'editionYear'
>;

const valid = (iso: string) => iso !== '' && !Number.isNaN(new Date(iso).getTime());
/** A day of the final (yyyy-mm-dd) read at noon in Douala, so that no time zone moves it. */
const finalNoon = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? doualaInstant(day) : '');

/** "2031": the contest's edition (the final's year). */
export const editionYear = (f: Pick<Facts, 'editionYear'>) =>
  f.editionYear > 0 ? String(f.editionYear) : '';

/**
 * The footer's "© 2026": the year the edition began, its registrations' opening or its concert,
 * whichever comes first (Douala). A copyright is not dated after the publication: the edition's
 * year is the final's, often the next year (docs/decisions/046-the-pass-comes-first.md).
 */
export const copyrightYear = (f: Pick<Facts, 'registrationOpensAt' | 'concertStartsAt'>) => {
  const years = [f.registrationOpensAt, f.concertStartsAt].filter(valid).map(eventYear);
  return years.length ? String(Math.min(...years)) : '';
};

/** "Booster Challenge 2031". */
export const challengeName = (f: Pick<Facts, 'editionYear'>) =>
  `Booster Challenge${f.editionYear > 0 ? ` ${f.editionYear}` : ''}`;

/** "Booster Night Party 2031": the concert's own year. */
export const nightPartyName = (f: Pick<Facts, 'concertStartsAt'>) =>
  `Booster Night Party${valid(f.concertStartsAt) ? ` ${eventYear(f.concertStartsAt)}` : ''}`;

/** "samedi 20 décembre 2031 à 16:00". */
export const concertWhen = (f: Pick<Facts, 'concertStartsAt'>) =>
  valid(f.concertStartsAt)
    ? `${formatEventDate(f.concertStartsAt)} à ${formatEventTime(f.concertStartsAt)}`
    : '';

/** "du 15 juin 2031 au 30 juillet 2031". */
export const registrationWindow = (
  f: Pick<Facts, 'registrationOpensAt' | 'registrationClosesAt'>,
) =>
  valid(f.registrationOpensAt) && valid(f.registrationClosesAt)
    ? `du ${formatEventDay(f.registrationOpensAt)} au ${formatEventDay(f.registrationClosesAt)}`
    : '';

/** "15 juin 2031" (or the closing day). */
export const registrationDay = (iso: string) => (valid(iso) ? formatEventDay(iso) : '');

/** "à Douala en septembre 2031". */
export const finalWhere = (f: Pick<Facts, 'finalCity' | 'finalOn'>) => {
  const noon = finalNoon(f.finalOn);
  if (!f.finalCity || !noon) return '';
  return `à ${f.finalCity} en ${formatEventMonth(noon)}`;
};
