import { DOUALA_OFFSET, EVENT_TIME_ZONE, formatEventDate, formatEventTime } from './dates';

/**
 * Dates and times of the edition as organisers think of them: in Douala (Africa/Douala, UTC+1
 * all year, no daylight saving), whatever the zone of the browser. A `datetime-local` input holds
 * "2025-04-26T16:00"; the database receives "2025-04-26T16:00:00+01:00".
 */
const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant (ISO, any zone) as a `datetime-local` value in Douala ('' for null). */
export function toDoualaInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A `datetime-local` value read in Douala, as ISO 8601 with its offset; null when invalid. */
export function fromDoualaInput(value: string): string | null {
  const m = LOCAL_VALUE.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${DOUALA_OFFSET}`;
  // 31/02 or 25:00 parse to another day and time, or not at all: refused.
  return toDoualaInput(iso) === value.trim().slice(0, 16) ? iso : null;
}

/** The instant of a `datetime-local` value in Douala (ms), or NaN. */
export const doualaTime = (value: string) => {
  const iso = fromDoualaInput(value);
  return iso ? Date.parse(iso) : Number.NaN;
};

/**
 * "samedi 26 avril 2025 à 16 h", in Douala: the day and the hour as every page writes them
 * (docs/glossary.md: one way to write hours, the day held to its month).
 */
export const formatDouala = (iso: string) => `${formatEventDate(iso)} à ${formatEventTime(iso)}`;
