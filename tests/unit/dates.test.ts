import { describe, expect, it } from 'vitest';
import { EVENT_TIME_ZONE, formatEventDate, formatEventTime } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';

const intlDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: EVENT_TIME_ZONE,
});
const intlTime = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: EVENT_TIME_ZONE,
});

/** Intl's "20:14" as docs/glossary.md writes it: "20 h 14", "16 h" (no-break spaces). */
const glossaryTime = (intl: string) => {
  const [h, m] = intl.split(':');
  return `${Number(h)}\u00a0h${m === '00' ? '' : `\u00a0${m}`}`;
};
/** Intl's "samedi 12 décembre 2026" with the day held to its month. */
const heldDate = (intl: string) => intl.replace(/(\d) /, '$1\u00a0');

describe('the event’s dates and times, in Douala, written out without Intl', () => {
  it('read as Intl’s fr-FR in Africa/Douala, every 7 hours 13 minutes from 2025 to 2030', () => {
    const step = (7 * 60 + 13) * 60 * 1000;
    let checked = 0;
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2030, 0, 1); t += step) {
      expect(formatEventDate(t)).toBe(heldDate(intlDate.format(t)));
      expect(formatEventTime(t)).toBe(glossaryTime(intlTime.format(t)));
      checked++;
    }
    expect(checked).toBeGreaterThan(6000);
  });

  it('put an evening in UTC on the next day in Douala', () => {
    expect(formatEventDate('2026-12-11T23:30:00Z')).toBe('samedi 12\u00a0décembre 2026');
    expect(formatEventTime('2026-12-11T23:30:00Z')).toBe('0\u00a0h\u00a030');
    expect(formatEventTime('2026-12-12T20:14:00+01:00')).toBe('20\u00a0h\u00a014');
    expect(formatEventDate('2026-03-01T10:00:00+01:00')).toBe('dimanche 1\u00a0mars 2026');
  });

  it('refuse an invalid date as Intl does', () => {
    expect(() => formatEventDate('not a date')).toThrow(RangeError);
    expect(() => formatEventTime(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it('groups as fr-FR’s toLocaleString does', () => {
    for (const n of [0, 7, 42, 999, 1000, 1234, 12345, 100000, 999999, 1000000, 1234567, -1500])
      expect(formatCount(n)).toBe(n.toLocaleString('fr-FR'));
  });
});

describe("Douala's offset", () => {
  it('is written once, in src/lib/dates.ts, and every Douala day is read through it', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..', 'src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    const offsets = files.filter((f) => {
      // Comments may name it; code may not write it again.
      const code = readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return /\+01:?00|3_?600_?000|60 \* 60 \* 1000/.test(code);
    });
    expect(offsets).toEqual([join('lib', 'dates.ts')]);
    const { doualaInstant, DOUALA_OFFSET } = await import('@/lib/dates');
    expect(DOUALA_OFFSET).toBe('+01:00');
    expect(doualaInstant('2031-09-27')).toBe('2031-09-27T12:00:00+01:00');
    expect(new Date(doualaInstant('2031-09-27', '00:00:00')).toISOString()).toBe(
      '2031-09-26T23:00:00.000Z',
    );
  });
});
