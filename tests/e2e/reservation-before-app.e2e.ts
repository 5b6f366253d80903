/**
 * The reservation before the app (docs/decisions/051-the-reservation-before-the-app.md): on the
 * Night Party page, the small module the page asks for first (its `data-early` files) sends a
 * valid reservation while the site's app (the entry with React, the form's chunk) has not arrived.
 * Here every other script is held back by request interception:
 * - the app arriving while the reservation is on its way (its answer held until React has the
 *   form): one request, one row, and the app's success page, then the pass opens;
 * - the app not there at all: the answer is on screen from the small module alone; once the app
 *   arrives, its success page takes the place; one row;
 * - answers the form's schema refuses are not sent early: the app, once there, says which field;
 * - a cut network: the small module hands the submission to the app, which sends it again and says
 *   in French that it failed; what was typed stays, the page is not reloaded, and it settles.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';
import { RESERVATION_ERROR } from '../../src/data/reservations/sent-reservation';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  screenshot,
  type Session,
} from './support/browser';
import { passCodeSentTo } from './support/door';

const SCRIPT = /\/assets\/[^/]+\.js(\?.*)?$/;
const RESERVE = /\/rest\/v1\/rpc\/create_reservation$/;
const ANSWER = 'Votre pass vous est envoyé par SMS au';

let browser: Browser;
let session: Session | undefined;
/** The page's early module and its imports, from its HTML (bootLoader's data-early). */
let earlyFiles: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const html = await (await fetch(`${baseUrl()}/night-party/`)).text();
  earlyFiles = /data-early="([^"]+)"/.exec(html)?.[1].split(' ') ?? [];
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await session?.context.close();
  session = undefined;
});

/** The Night Party page with every script but the early module (and the proof of work's worker) held. */
async function pageWithAppHeld() {
  expect(earlyFiles.length, 'the page names its early module').toBeGreaterThan(0);
  session = await openSession(browser, 'phone');
  const { page, context } = session;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(SCRIPT, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!earlyFiles.includes(path) && !path.includes('worker')) await held;
    await route.continue().catch(() => undefined);
  });
  const earlyLoaded = page.waitForEvent('requestfinished', {
    predicate: (r) => new URL(r.url()).pathname === earlyFiles[0],
  });
  const reservations: Request[] = [];
  page.on('request', (r) => {
    if (RESERVE.test(new URL(r.url()).pathname) && r.method() === 'POST') reservations.push(r);
  });
  await page.goto('/night-party/', { waitUntil: 'domcontentloaded' });
  return { page, release, reservations, earlyLoaded };
}

const reactHasTheForm = (page: Page) =>
  page
    .getByLabel(/^Nom complet/)
    .evaluate((input) => Object.keys(input).some((k) => k.startsWith('__reactProps$')));

async function fill(page: Page, who: { name: string; phone: string }, heardFrom = true) {
  await page.getByLabel(/^Nom complet/).fill(who.name);
  await page.getByLabel(/^Téléphone/).fill(who.phone);
  await page.getByLabel(/^Ville/).fill('Kribi');
  if (heardFrom)
    await page
      .getByRole('radiogroup', { name: 'Comment avez-vous entendu parler de la Night Party ?' })
      .getByLabel('Réseaux sociaux')
      .check();
}

/** The reservations stored under this name, as the organisers' list has them. */
async function storedNamed(name: string): Promise<number> {
  const post = await fetch(`${baseUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@booster-challenge.local', password: 'BoosterAdmin2025' }),
  });
  const { access_token } = (await post.json()) as { access_token: string };
  const res = await fetch(
    `${baseUrl()}/rest/v1/reservations?select=id&full_name=eq.${encodeURIComponent(name)}`,
    { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${access_token}` } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

describe('a reservation sent before the app', () => {
  it('is stored once when the app arrives mid-submit, and the pass shows', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, release, reservations } = await pageWithAppHeld();
    const who = { name: 'Ekane Avant Appli', phone: '698777411' };
    await fill(page, who);
    // The answer waits until the app has arrived and taken the form over.
    await page.route(RESERVE, async (route) => {
      release();
      await expect.poll(() => reactHasTheForm(page), { timeout: 30_000 }).toBe(true);
      await route.continue();
    });
    expect(await reactHasTheForm(page)).toBe(false);
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'), {
      timeout: 30_000,
    });
    await expect.poll(() => page.locator('main').textContent()).toContain(ANSWER);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#reservation-answer').count()).toBe(0);
    expect(reservations).toHaveLength(1);
    expect(await storedNamed(who.name)).toBe(1);
    expect(session?.pageErrors).toEqual([]);

    const code = await passCodeSentTo(who.phone);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    await page.goto(`/pass/${code}`);
    // The pass: its holder's first name and its code, in two groups of five.
    await expect
      .poll(() => page.locator('main').textContent(), { timeout: 30_000 })
      .toContain(`${code.slice(0, 5)} ${code.slice(5)}`);
    expect(await page.locator('main').textContent()).toContain('Ekane');
  });

  it('shows the answer before the app, which then takes its place; stored once', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, release, reservations } = await pageWithAppHeld();
    const who = { name: 'Ekane Sans Appli', phone: '698777412' };
    await fill(page, who);
    const submit = page.getByRole('button', { name: 'Réserver ma place' });
    await submit.click();
    const early = page.getByRole('region', { name: 'Réservation enregistrée' });
    await early.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await early.textContent()).toContain(ANSWER);
    // Drawn by the small module alone: React is not there yet.
    expect(await reactHasTheForm(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Réservation enregistrée',
    );
    await screenshot(page, 'phone', 'reservation-before-app');

    release();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'), {
      timeout: 30_000,
    });
    await expect.poll(() => page.locator('#reservation-answer').count()).toBe(0);
    await expect.poll(() => page.locator('main').textContent()).toContain('Retrouver mon pass');
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    await page.waitForLoadState('networkidle');
    expect(reservations).toHaveLength(1);
    expect(await storedNamed(who.name)).toBe(1);
    expect(session?.pageErrors).toEqual([]);
  });

  it('leaves answers the form refuses to the app, which says which field', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, release, reservations, earlyLoaded } = await pageWithAppHeld();
    // The early module is there before the visitor submits.
    await earlyLoaded;
    await fill(page, { name: 'Ekane Sans Réponse', phone: '698777413' }, false);
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    await page.waitForTimeout(1500);
    expect(reservations).toHaveLength(0);
    release();
    await expect
      .poll(() => page.getByText('Veuillez sélectionner une option').count(), { timeout: 30_000 })
      .toBe(1);
    expect(reservations).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/night-party/');
  });

  it('on a cut network, hands the submission to the app, which says so; what was typed stays', async () => {
    const { page, release, earlyLoaded } = await pageWithAppHeld();
    const rpc: string[] = [];
    await page.route('**/rest/v1/rpc/**', (route) => {
      rpc.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    await earlyLoaded;
    const who = { name: 'Ekane Hors Ligne', phone: '698777414' };
    await fill(page, who);
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    // The small module tried (its proof of work's challenge), failed, and held the submission
    // for the app (data-pending), drawing nothing.
    await expect
      .poll(() => rpc.filter((p) => p.endsWith('/pow_challenge')).length)
      .toBeGreaterThan(0);
    const form = page.locator('form[data-reserve]');
    await expect.poll(() => form.getAttribute('data-pending')).toBe('');
    expect(await form.getAttribute('data-sending')).toBeNull();
    expect(await page.locator('#reservation-answer').count()).toBe(0);
    const triedEarly = rpc.length;
    release();
    // The app sends it again itself (its own challenge) and says it failed, in French.
    await expect.poll(() => page.getByText(RESERVATION_ERROR).count(), { timeout: 30_000 }).toBe(1);
    expect(rpc.length).toBeGreaterThan(triedEarly);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/night-party/');
    const navigation = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    );
    expect(navigation).toBe('navigate');
    expect(await page.getByLabel(/^Nom complet/).inputValue()).toBe(who.name);
    expect(await page.getByLabel(/^Téléphone/).inputValue()).toBe(who.phone);
    expect(session?.pageErrors).toEqual([]);
  });
});
