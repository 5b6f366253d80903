/**
 * The stage screen read from the back of the hall (issue 40), on the run's seeded database: a
 * round of five candidates, one with a long team name, open then revealed through the API (the
 * régie's and the passes' own calls). At 1920×1080 and 1280×800 no name is cut (each name's
 * box holds its text, no ellipsis) and names and figures are at least 48 px at 1920×1080; the
 * results' bars span at least 80 % of the screen's width; the régie shows the screen live in a
 * miniature and lists the results from the most votes down. Screenshots at 1920, 1280 and 360 px,
 * axe on each face.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import { expectAccessible } from './support/a11y';
import { backendAvailable, baseUrl, launchChromium, screenshot, settle } from './support/browser';
import { reserveThroughApi } from './support/door';

const LONG = 'Les Lions de Bafoussam et leurs Amis de Dschang';
const TITLE = `Finale danse ${Date.now() % 100_000}`;
const CANDIDATES = [
  ['Awa N.', 'Danse · Douala'],
  [LONG, 'Danse · Bafoussam et Dschang, huit danseurs'],
  ['Yannick B.', 'Danse · Yaoundé'],
  ['Zénith Crew', 'Danse · Garoua'],
  ['Mireille T.', 'Danse · Limbe'],
] as const;
const WINNER = new RegExp(`^Vainqueur\\s:\\sn° 2 — ${LONG}$`);
// Votes per candidate (by index): the long name wins.
const BALLOTS = [1, 1, 1, 0, 2];

type Round = { id: string; candidates: { id: string; number: number; name: string }[] };

async function token(email: string, password: string) {
  const res = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rpc<T>(name: string, body: unknown, bearer = LOCAL_ANON_KEY): Promise<T> {
  const res = await fetch(`${baseUrl()}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${name}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** Every element that shows exactly `text` inside `scope`, measured in the page. */
async function measure(scope: Locator, text: string) {
  const nodes = scope.getByText(text, { exact: true });
  expect(await nodes.count(), text).toBeGreaterThan(0);
  return nodes.evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent,
        fontPx: parseFloat(style.fontSize),
        cut: el.scrollWidth > el.clientWidth || style.textOverflow === 'ellipsis',
        outside: box.left < 0 || box.right > window.innerWidth,
      };
    }),
  );
}

/** No name is cut nor leaves the screen; at 1920 px every one is at least 48 px. */
async function expectNamesWhole(scope: Locator, names: readonly string[], minPx: number) {
  for (const name of names)
    for (const m of await measure(scope, name)) {
      expect(m, `${name} cut or outside`).toMatchObject({ cut: false, outside: false });
      expect(m.fontPx, `${name} font size`).toBeGreaterThanOrEqual(minPx);
    }
}

describe('the stage screen, readable from the back of the hall', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let round: Round;
  let regieToken = '';
  const codes: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    if (!backendAvailable()) return;
    browser = await launchChromium();
    // Passes reserved before the round exists may vote in a round open online (ADR 039).
    for (const i of [1, 2, 3, 4, 5])
      codes.push(await reserveThroughApi(`Spectateur ${i} Essomba`, `69977750${i}`));
    const admin = await token('admin@booster-challenge.local', 'BoosterAdmin2025');
    regieToken = await token('regie@booster-challenge.local', 'BoosterRegie2025');
    round = await rpc<Round>(
      'admin_save_vote_round',
      {
        payload: {
          title: TITLE,
          position: 90,
          duration_seconds: 600,
          eligibility: 'confirmed',
          candidates: CANDIDATES.map(([name, line], i) => ({ number: i + 1, name, line })),
        },
      },
      admin,
    );
    await rpc('regie_open_round', { id: round.id }, regieToken);
    context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1920, height: 1080 },
      locale: 'fr-FR',
      timezoneId: 'Africa/Douala',
    });
    context.on('weberror', (e) => errors.push(e.error().message));
    page = await context.newPage();
  });
  afterAll(async () => {
    // The stage screen back to rest, as the next file expects it.
    if (round) await rpc('regie_reset_screen', {}, regieToken).catch(() => null);
    await browser?.close();
  });

  it('the open round: whole names and second lines, 48 px and more at 1920×1080', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    await page.goto('/ecran');
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const list = page.getByRole('list');
    const names = CANDIDATES.map(([name]) => name);
    const lines = CANDIDATES.map(([, line]) => line);
    await expectNamesWhole(list, [...names, ...lines], 48);
    for (const figure of [page.getByRole('timer'), page.getByText('Aucun votant')])
      expect(
        await figure.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
      ).toBeGreaterThanOrEqual(48);
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-long-names-open-1920.png' });
    await expectAccessible(page, '1920 /ecran open, long names');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNamesWhole(list, [...names, ...lines], 0);
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-long-names-open-1280.png' });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNamesWhole(list, names, 0);
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-long-names-open-360.png' });
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('the results: whole names, 48 px figures, bars across 80 % of the width', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    await Promise.all(
      BALLOTS.map((c, i) =>
        rpc('cast_vote', {
          code: codes[i],
          round_id: round.id,
          candidate_id: round.candidates[c].id,
          vote_id: crypto.randomUUID(),
        }),
      ),
    );
    await rpc('regie_close_round', { id: round.id }, regieToken);
    await rpc('regie_reveal_round', { id: round.id }, regieToken);
    await page.getByText(WINNER).waitFor();
    const results = page.getByRole('list', { name: 'Résultats' });
    // The bars fill one after the other, then the winner's name shows.
    await page.waitForTimeout(CANDIDATES.length * 700 + 1500);
    await expectNamesWhole(
      results,
      CANDIDATES.map(([name]) => name),
      48,
    );
    for (const figure of ['60 %', '3 votes', '20 %', '1 vote', '0 %', '0 vote'])
      for (const m of await measure(results, figure))
        expect(m.fontPx, figure).toBeGreaterThanOrEqual(48);
    const tracks = await page
      .locator('[data-bar-track]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width / window.innerWidth));
    expect(tracks).toHaveLength(CANDIDATES.length);
    for (const share of tracks) expect(share).toBeGreaterThanOrEqual(0.8);
    await page.screenshot({
      path: 'test-artifacts/screenshots/ecran-long-names-revealed-1920.png',
    });
    await expectAccessible(page, '1920 /ecran revealed, long names');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNamesWhole(
      results,
      CANDIDATES.map(([name]) => name),
      0,
    );
    await page.screenshot({
      path: 'test-artifacts/screenshots/ecran-long-names-revealed-1280.png',
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-long-names-revealed-360.png' });
    expect(errors).toEqual([]);
  });

  it('the régie sees the screen live in a miniature and the results in order', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const desk = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 800 },
      locale: 'fr-FR',
      timezoneId: 'Africa/Douala',
    });
    const regie = await desk.newPage();
    await regie.goto('/admin/login/');
    await regie.getByLabel(/^E-mail/).fill('regie@booster-challenge.local');
    await regie.getByLabel(/^Mot de passe/).fill('BoosterRegie2025');
    await regie.getByRole('button', { name: 'Se connecter' }).click();
    await regie.getByRole('heading', { level: 1, name: 'Régie du vote' }).waitFor();
    const miniature = regie.frameLocator('iframe[title="Miniature en direct de l’écran de scène"]');
    await miniature.getByText(WINNER).waitFor();
    const listed = await regie
      .getByRole('list', { name: `Résultats de ${TITLE}` })
      .getByRole('listitem')
      .allTextContents();
    // 3 votes for n° 2, then n° 1 and n° 3 (1 each, by number), then n° 4 and n° 5 (none).
    expect(listed.map((t) => /^n°\s*(\d+)/.exec(t)?.[1])).toEqual(['2', '1', '3', '4', '5']);
    await settle(regie);
    await screenshot(regie, 'desktop', 'regie-miniature-revealed');
    await expectAccessible(regie, '1280 /admin/regie miniature');
    await regie.setViewportSize({ width: 360, height: 740 });
    await screenshot(regie, 'phone', 'regie-miniature-revealed');
    await expectAccessible(regie, '360 /admin/regie miniature');
    await desk.close();
  });

  it('twelve candidates: whole names at 48 px on both faces (they scroll past 1080 px: ADR 044)', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const admin = await token('admin@booster-challenge.local', 'BoosterAdmin2025');
    const names = Array.from({ length: 12 }, (_, i) =>
      i === 6 ? LONG : `Candidate ${i + 1} Mbarga`,
    );
    const big = await rpc<Round>(
      'admin_save_vote_round',
      {
        payload: {
          title: `${TITLE} (douze)`,
          position: 91,
          candidates: names.map((name, i) => ({ number: i + 1, name, line: 'Chant · Douala' })),
        },
      },
      admin,
    );
    round = big;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await rpc('regie_open_round', { id: big.id }, regieToken);
    await page.getByRole('heading', { level: 1, name: `${TITLE} (douze)` }).waitFor();
    // Seven and more: name and line share a paragraph; each card holds its text, no ellipsis.
    const cards = await page
      .getByRole('list')
      .getByRole('listitem')
      .evaluateAll((els) =>
        els.map((el) => ({
          cut:
            el.scrollWidth > el.clientWidth ||
            [...el.querySelectorAll('*')].some(
              (d) => getComputedStyle(d).textOverflow === 'ellipsis',
            ),
          namePx: parseFloat(getComputedStyle(el.querySelector('.font-bold') ?? el).fontSize),
        })),
      );
    expect(cards).toHaveLength(12);
    for (const card of cards) expect(card).toMatchObject({ cut: false });
    for (const card of cards) expect(card.namePx).toBeGreaterThanOrEqual(48);
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-twelve-open-1920.png' });
    await rpc('regie_close_round', { id: big.id }, regieToken);
    await rpc('regie_reveal_round', { id: big.id }, regieToken);
    const results = page.getByRole('list', { name: 'Résultats' });
    await results.waitFor();
    await page.waitForTimeout(12 * 700 + 1500);
    await expectNamesWhole(results, names, 48);
    await page.screenshot({ path: 'test-artifacts/screenshots/ecran-twelve-revealed-1920.png' });
  }, 60_000);
});
