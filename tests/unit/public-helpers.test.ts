import { describe, expect, it } from 'vitest';
import { siteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { pageTitle } from '@/lib/use-page-meta';
import { detectBrowser } from '@/features/errors/detect-browser';
import { FAQ_ITEMS } from '@/features/faq/faq-items';

describe('share links', () => {
  it('builds a wa.me link with the encoded text and the link', () => {
    const url = whatsappShareUrl("J'ai réservé ma place !", 'https://booster.cm/night-party');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toBe(
      "J'ai réservé ma place ! https://booster.cm/night-party",
    );
    expect(url).not.toContain(' ');
  });

  it('makes absolute site URLs', () => {
    expect(siteUrl('/night-party', 'https://booster.cm')).toBe('https://booster.cm/night-party');
  });
});

describe('page titles', () => {
  it('names the page then the site', () => {
    expect(pageTitle('FAQ')).toBe('FAQ – Booster Challenge');
    expect(pageTitle()).toMatch(/^Booster Challenge – /);
  });
});

describe('browser detection (error page)', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 23',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
      'Microsoft Edge 124',
    ],
    [
      'Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/80.0',
      'Opera 80',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0', 'Firefox 126'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Chrome 124',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17',
    ],
    ['curl/8.0', 'Navigateur inconnu'],
  ])('%s -> %s', (ua, expected) => {
    expect(detectBrowser(ua)).toBe(expected);
  });
});

describe('FAQ content', () => {
  it('has 15 distinct questions that agree with the edition facts', () => {
    expect(FAQ_ITEMS).toHaveLength(15);
    expect(new Set(FAQ_ITEMS.map((i) => i.question)).size).toBe(15);
    const all = FAQ_ITEMS.map((i) => i.answer).join(' ');
    for (const fact of [
      'gratuite',
      '16 ans',
      'parent',
      'de 2 à 10 personnes',
      '3 minutes',
      '72 heures',
      '2 000 000 FCFA',
      '1 000 000 FCFA',
      '500 000 FCFA',
      'Douala, Yaoundé, Bafoussam, Garoua et Limbe',
      '8\u00a0h – 17\u00a0h',
      '9\u00a0h – 13\u00a0h',
    ]) {
      expect(all).toContain(fact);
    }
  });
});
