/**
 * Issue 15, beyond axe (reflow: reflow.e2e.ts):
 * 1. Contrast measured on the pixels (support/pixels.ts) of the texts over gradients and images
 *    (home hero, category cards, concert band, the Night Party hero, the pass), at 360 and 1280 px.
 * 2. Focus indicators: at least 3:1 against the pixels on both sides and against the unfocused
 *    state, for the main buttons, links and cards.
 * Figures: test-artifacts/contrast.json.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openSession, settle, type Session } from './support/browser';
import { focusRingContrast } from './support/focus-ring';
import { interactive } from './support/keyboard-journeys';
import { PngDecoder, textContrasts } from './support/pixels';
import { ROOT } from './support/server';

const FIGURES = join(ROOT, 'test-artifacts', 'contrast.json');

/** Where text sits on gradients, images or translucent layers. */
const OVER_ART: { page: string; name: string; containers: (page: Page) => Locator }[] = [
  {
    page: '/',
    name: 'accueil : bandeau',
    containers: (p) => p.locator('section').filter({ has: p.getByRole('heading', { level: 1 }) }),
  },
  {
    page: '/',
    name: 'accueil : cartes des catégories',
    containers: (p) => p.locator('section[aria-labelledby="categories"] article'),
  },
  {
    page: '/',
    name: 'accueil : bande Night Party',
    containers: (p) => p.locator('section[aria-labelledby="night-party"]'),
  },
  {
    page: '/',
    name: 'en-tête et pied de page',
    containers: (p) => p.locator('body header, footer'),
  },
  {
    page: '/night-party/',
    name: 'Night Party : bandeau',
    containers: (p) => p.locator('section').filter({ has: p.getByRole('heading', { level: 1 }) }),
  },
  {
    page: '/pass/FETE234567/',
    name: 'pass',
    containers: (p) => p.locator('article[aria-labelledby="pass-title"] > header'),
  },
];

describe.each([
  { width: 360, viewport: 'phone' as const },
  { width: 1280, viewport: 'desktop' as const },
])('contrast on the pixels at $width px', ({ width, viewport }) => {
  let browser: Browser;
  let session: Session;
  let decoder: PngDecoder;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, viewport);
    decoder = new PngDecoder(session.context);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(OVER_ART.map((a) => [a.name, a] as const))('texts: %s', async (_name, area) => {
    const { page } = session;
    await page.goto(area.page);
    await settle(page);
    const containers = await area.containers(page).all();
    expect(containers.length).toBeGreaterThan(0);
    const measured = [];
    for (const container of containers) measured.push(...(await textContrasts(container, decoder)));
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    appendFileSync(FIGURES, `${JSON.stringify({ width, area: area.name, texts: measured })}\n`);
    const failing = measured.filter((t) => t.ratio < t.required);
    expect(measured.length).toBeGreaterThan(0);
    expect(
      failing,
      failing
        .map(
          (t) => `${t.ratio}:1 < ${t.required}:1 ${t.colour} on ${t.worstBackground} "${t.text}"`,
        )
        .join('\n'),
    ).toEqual([]);
  });

  it('focus indicators of the main buttons, links and cards', async () => {
    const { page } = session;
    const rings: [string, Locator, Locator?][] = [];
    const measure = async (path: string, list: (p: Page) => [string, Locator, Locator?][]) => {
      await page.goto(path);
      await settle(page);
      // The home page's content is hydrated after the rest, and hydrated it puts the next event's
      // banner first: measured before, the "first button" was one element, then another.
      if (path === '/') await interactive(page, 'main section a');
      for (const [name, target, ring] of list(page)) {
        const r = await focusRingContrast(page, decoder, target, ring);
        rings.push([name, target, ring]);
        appendFileSync(FIGURES, `${JSON.stringify({ width, focus: name, ...r })}\n`);
        const min = Math.min(r.inner, r.outer, r.change);
        expect(
          min,
          `${name}: ring ${r.ring}, inner ${r.inner}, outer ${r.outer}, change ${r.change}`,
        ).toBeGreaterThanOrEqual(3);
      }
    };
    const card = (p: Page, name: RegExp) => {
      const radio = p.getByRole('radio', { name });
      return [radio, p.locator('label').filter({ has: radio })] as const;
    };
    await measure('/inscription/?type=team', (p) => [
      ['carte « Danse »', ...card(p, /^Danse/)],
      ['carte « Équipe » cochée', ...card(p, /^Équipe/)],
      ['champ « Nom complet »', p.getByLabel(/^Nom complet/).first()],
      ['bouton « Ajouter un membre »', p.getByRole('button', { name: /Ajouter un membre/ })],
      [
        'bouton « Valider mon inscription »',
        p.getByRole('button', { name: 'Valider mon inscription' }),
      ],
    ]);
    await measure('/', (p) => [
      // The hero's first button (above it, once hydrated, the next event's banner: ADR 046).
      [
        'bandeau : premier bouton',
        p.locator('main section').first().getByRole('link', { name: 'Je m’inscris au challenge' }),
      ],
      [
        'carte « Danse » : lien',
        p.locator('section[aria-labelledby="categories"] article').first().getByRole('link'),
      ],
      [
        'bande Night Party : lien',
        p.locator('section[aria-labelledby="night-party"]').getByRole('link').first(),
      ],
      [
        'en-tête : menu ou navigation',
        viewport === 'phone'
          ? p.getByRole('button', { name: 'Ouvrir le menu' })
          : p.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link').first(),
      ],
    ]);
    await measure('/night-party/', (p) => [
      ['bouton « Réserver ma place »', p.getByRole('button', { name: 'Réserver ma place' })],
    ]);
    await measure('/pass/FETE234567/', (p) => [
      ['bouton « Enregistrer mon pass »', p.getByRole('button', { name: 'Enregistrer mon pass' })],
    ]);
    expect(rings.length).toBe(11);
  });
});

// A fresh figures file per run.
mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
writeFileSync(FIGURES, '');
