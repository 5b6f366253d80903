import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convocationText } from '@/features/admin/participants/convocation';
import { FAQ_ITEMS } from '@/features/faq/faq-items';
import type { EditionInfo } from '@/data/edition/edition-info';
import { challengeName, finalWhere, nightPartyName, registrationWindow } from '@/lib/edition-text';

/** Issue 27, item 2 (docs/decisions/024-one-edition-one-source.md): the texts written outside the pages. */
const years = (text: string) => [...new Set(text.match(/\b(19|20)\d{2}\b/g) ?? [])];

const INFO_2031 = {
  concertStartsAt: '2031-12-20T15:00:00+00:00',
  venueName: 'Stade Omnisports',
  registrationOpensAt: '2031-06-14T23:00:00+00:00',
  registrationClosesAt: '2031-07-30T22:59:00+00:00',
  finalCity: 'Kribi',
  finalOn: '2031-09-27',
  editionYear: 2031,
} as EditionInfo;

describe('one edition, one source', () => {
  it('a convocation names no year but its slot’s', () => {
    const text = convocationText({
      fullName: 'Awa Ngono',
      participationType: 'solo',
      teamName: '',
      phone: '690000001',
      auditionCity: 'Douala',
      auditionAt: '2031-12-06T09:00:00+01:00',
    });
    expect(text).toContain('samedi 6\u00a0décembre 2031 à 9\u00a0h');
    expect(years(text ?? '')).toEqual(['2031']);
  });

  it('the edition’s words come from the settings: 2031 only', () => {
    expect(challengeName(INFO_2031)).toBe('Booster Challenge 2031');
    expect(nightPartyName(INFO_2031)).toBe('Booster Night Party 2031');
    expect(registrationWindow(INFO_2031)).toBe('du 15\u00a0juin 2031 au 30\u00a0juillet 2031');
    expect(finalWhere(INFO_2031)).toBe('à Kribi en septembre 2031');
    const faq = FAQ_ITEMS.map((i) => `${i.answer} ${i.dated?.(INFO_2031) ?? ''}`).join(' ');
    expect(faq).toContain('à Kribi en septembre 2031');
    expect(years(faq)).toEqual(['2031']);
  });

  it('the edition config and the site’s static files hold no year', () => {
    for (const file of ['src/config/edition.ts', 'index.html', 'public/manifest.webmanifest'])
      expect(years(readFileSync(file, 'utf8')), file).toEqual([]);
  });
});
