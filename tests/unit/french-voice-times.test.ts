import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatEventDateTime } from '../../src/lib/dates';

/**
 * One way to write times (docs/glossary.md; issue 40, item 8): the screens, the administration's
 * included, write an instant as « 28/11/2026 20 h 33 » (Douala). formatDateTime's « 20:33 » is
 * the specification's, kept by the CSV exports and the contact e-mail's contact_date only.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('times on the screens (french voice)', () => {
  it('writes an instant as « 28/11/2026 20 h 33 », in Douala', () => {
    expect(formatEventDateTime('2026-11-28T19:33:00Z')).toBe('28/11/2026 20\u00a0h\u00a033');
    expect(formatEventDateTime('2026-12-19T13:00:00Z')).toBe('19/12/2026 14\u00a0h');
  });

  it('keeps « 20:33 » (formatDateTime) for the exports and the contact e-mail only', () => {
    const callers = files(join(ROOT, 'src'))
      .filter((f) => /\bformatDateTime\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f).replaceAll('\\', '/'))
      .sort();
    expect(callers).toEqual([
      'src/data/inbox/send-contact-message.ts',
      'src/data/reservations/reservations-csv.ts',
      'src/features/admin/inbox/messages-csv.ts',
    ]);
  });
});
