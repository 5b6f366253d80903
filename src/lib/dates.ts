/**
 * A formatter made on its first use: making one (time zone data) costs a page's first load tens of
 * milliseconds of a phone's CPU, even when no date is shown yet.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('fr-FR', options));
};

/** The one date formatter (fr-FR). */
const dateFmt = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFmt = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const toDate = (d: Date | string | number) => (d instanceof Date ? d : new Date(d));

/** 26/04/2025 */
export const formatDate = (d: Date | string | number) => dateFmt().format(toDate(d));

/**
 * 26/04/2025 16:00 (fr-FR puts a space between date and time): the specification's format, kept by
 * the CSV exports and the contact e-mail's contact_date only. Screens write formatEventDateTime's
 * « 16 h » (docs/glossary.md; tests/unit/french-voice.test.ts holds it).
 */
export const formatDateTime = (d: Date | string | number) =>
  dateTimeFmt().format(toDate(d)).replace(',', '');

/** yyyy-mm-dd of the local day, for file names (participants_2025-06-15.csv). */
export function fileDate(d: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The event's own time zone: times of the concert and of the door are Douala's, wherever read. */
export const EVENT_TIME_ZONE = 'Africa/Douala';

/** Douala's offset from UTC: West Africa Time, UTC+1 all year, no daylight saving. */
export const DOUALA_OFFSET = '+01:00';
const DOUALA_OFFSET_MS = Number(DOUALA_OFFSET.slice(0, 3)) * 3_600_000;

/** A Douala day (yyyy-mm-dd) at `time` as an instant: "2031-09-27T12:00:00+01:00". */
export const doualaInstant = (day: string, time = '12:00:00') => `${day}T${time}${DOUALA_OFFSET}`;
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/**
 * `d` shifted to Douala's wall clock, read with the getUTC* methods. Written out rather than
 * with Intl.DateTimeFormat: the first formatter with a time zone costs a phone about 100 ms of
 * main thread (time zone and locale data), in the middle of the Night Party page's start, for two
 * strings. Checked against Intl's fr-FR output in tests/unit/dates.test.ts.
 */
function inDouala(d: Date | string | number): Date {
  const time = toDate(d).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  return new Date(time + DOUALA_OFFSET_MS);
}

/** The Douala day (yyyy-mm-dd) of an instant: which audition session is today's. */
export const doualaDay = (d: Date | string | number = Date.now()) =>
  inDouala(d).toISOString().slice(0, 10);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** samedi 12 décembre 2026 (in Douala) */
export function formatEventDate(d: Date | string | number): string {
  const t = inDouala(d);
  return `${WEEKDAYS[t.getUTCDay()]} ${t.getUTCDate()}\u00a0${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** 12 décembre 2026 (in Douala): a day without its weekday. */
export function formatEventDay(d: Date | string | number): string {
  const t = inDouala(d);
  return `${t.getUTCDate()}\u00a0${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** 2026 (in Douala) */
export const eventYear = (d: Date | string | number): number => inDouala(d).getUTCFullYear();

/** décembre 2026 (in Douala) */
export function formatEventMonth(d: Date | string | number): string {
  const t = inDouala(d);
  return `${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/**
 * 20 h 14, 16 h (in Douala): hours as the messages and docs/glossary.md write them, held together
 * by no-break spaces.
 */
export function formatEventTime(d: Date | string | number): string {
  const t = inDouala(d);
  const minutes = t.getUTCMinutes();
  return `${t.getUTCHours()}\u00a0h${minutes ? `\u00a0${twoDigits(minutes)}` : ''}`;
}

/** 19/12/2026 14 h, 28/11/2026 20 h 33 (in Douala): an instant as the administration shows it. */
export function formatEventDateTime(d: Date | string | number): string {
  const t = inDouala(d);
  const day = `${twoDigits(t.getUTCDate())}/${twoDigits(t.getUTCMonth() + 1)}/${t.getUTCFullYear()}`;
  return `${day} ${formatEventTime(d)}`;
}

const eventDateTimeFmt = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: EVENT_TIME_ZONE,
});

/**
 * Douala's wall-clock time of `d` as a Date whose UTC fields hold it: what a spreadsheet's date
 * cell (which has no time zone) must store to show the local time.
 */
export function eventWallClock(d: Date | string | number): Date {
  const parts = Object.fromEntries(
    eventDateTimeFmt()
      .formatToParts(toDate(d))
      .map((p) => [p.type, Number(p.value)]),
  );
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute));
}
