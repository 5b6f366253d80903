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

/** 26/04/2025 16:00 (fr-FR puts a space between date and time). */
export const formatDateTime = (d: Date | string | number) =>
  dateTimeFmt().format(toDate(d)).replace(',', '');

/** yyyy-mm-dd of the local day, for file names (participants_2025-06-15.csv). */
export function fileDate(d: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The event's own time zone: times of the concert and of the door are Douala's, wherever read. */
export const EVENT_TIME_ZONE = 'Africa/Douala';

const longDateFmt = formatter({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: EVENT_TIME_ZONE,
});
const timeFmt = formatter({
  hour: '2-digit',
  minute: '2-digit',
  timeZone: EVENT_TIME_ZONE,
});

/** samedi 12 décembre 2026 (in Douala) */
export const formatEventDate = (d: Date | string | number) => longDateFmt().format(toDate(d));

/** 20:14 (in Douala) */
export const formatEventTime = (d: Date | string | number) => timeFmt().format(toDate(d));

const eventDateTimeFmt = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: EVENT_TIME_ZONE,
});

/** 26/04/2025 16:00 in Douala, wherever read (exports for organisers). */
export const formatEventDateTime = (d: Date | string | number) =>
  eventDateTimeFmt().format(toDate(d)).replace(',', '');

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
