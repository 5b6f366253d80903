/**
 * The Night Party form before its scripts (docs/decisions/026-form-ready-before-scripts.md): the
 * prerendered page holds the form itself, so a visitor on a slow link types into it from the first
 * paint. Every script of the site is held back here (request interception) while the visitor
 * fills the form; then the scripts are let through and React takes the form over:
 * - what was typed and chosen is still there, and it is what the reservation sends;
 * - a submission asked for before the scripts were there is not the browser's own (no reload, no
 *   answers in the address): the form says it is getting ready, then sends it once the scripts
 *   are in, once, however many times the button was pressed.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  type Session,
  type ViewportName,
} from './support/browser';

const SCRIPT = /\/assets\/[^/]+\.js(\?.*)?$/;
const RESERVE = /\/rest\/v1\/rpc\/create_reservation$/;

let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await session?.context.close();
  session = undefined;
});

/** The Night Party page with every script held until `release()`; the reservations it sends. */
async function pageWithScriptsHeld(viewport: ViewportName) {
  session = await openSession(browser, viewport);
  const { page, context } = session;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let scriptsAsked = 0;
  await context.route(SCRIPT, async (route) => {
    scriptsAsked += 1;
    await held;
    await route.continue().catch(() => undefined);
  });
  const reservations: Request[] = [];
  page.on('request', (r) => {
    if (RESERVE.test(new URL(r.url()).pathname) && r.method() === 'POST') reservations.push(r);
  });
  await page.goto('/night-party/', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => scriptsAsked, { timeout: 15_000 }).toBeGreaterThan(0);
  return { page, release, reservations };
}

/** True once React has attached its handlers to the name field. */
const reactHasTheField = (page: Page) =>
  page
    .getByLabel(/^Nom complet/)
    .evaluate((input) => Object.keys(input).some((k) => k.startsWith('__reactProps$')));

async function fillBeforeScripts(page: Page, who: { name: string; phone: string }) {
  expect(await reactHasTheField(page)).toBe(false);
  await page.getByLabel(/^Nom complet/).pressSequentially(who.name);
  await page.getByLabel(/^Téléphone/).fill(who.phone);
  await page.getByLabel(/^Ville/).fill('Bafoussam');
  await page
    .getByRole('radiogroup', { name: 'Comment avez-vous entendu parler de la Night Party ?' })
    .getByLabel('Réseaux sociaux')
    .check();
  // A pre-filled answer changed: the visitor's, not the default, must be kept.
  await page
    .getByRole('radiogroup', { name: /Pensez-vous venir/ })
    .getByLabel('Non')
    .check();
  // Still before the scripts: nothing above was React's doing.
  expect(await reactHasTheField(page)).toBe(false);
}

/** The form's answers as the page shows them. */
const shown = (page: Page) =>
  page.locator('main form').evaluate((form: HTMLFormElement) => {
    const data = new FormData(form);
    return {
      fullName: data.get('fullName'),
      phone: data.get('phone'),
      ville: data.get('ville'),
      heardFrom: data.get('heardFrom'),
      willAttend: data.get('willAttend'),
      attendanceStatus: data.get('attendanceStatus'),
    };
  });

describe('the Night Party form before its scripts', () => {
  it('shows the form with its pre-filled answers from the HTML alone', async () => {
    const { page, release } = await pageWithScriptsHeld('phone');
    const data = await page.locator('main form').evaluate((form: HTMLFormElement) => {
      const d = new FormData(form);
      return Object.fromEntries(
        [
          'attendanceStatus',
          'heardFrom',
          'willAttend',
          'attendanceBarrier',
          'followsBoosterPage',
          'consumesBoosterProducts',
        ].map((n) => [n, d.get(n)]),
      );
    });
    expect(data).toEqual({
      attendanceStatus: 'yes',
      heardFrom: null,
      willAttend: 'yes',
      attendanceBarrier: 'none',
      followsBoosterPage: 'yes',
      consumesBoosterProducts: 'yes',
    });
    // Every field has its label before any script.
    for (const label of [/^Nom complet/, /^Téléphone/, /^Ville/])
      expect(await page.getByLabel(label).count()).toBe(1);
    release();
  });

  it('keeps what was typed when React takes over; the form then submits once', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, release, reservations } = await pageWithScriptsHeld('phone');
    const who = { name: 'Awa Tchoua Avant', phone: '698777311' };
    await fillBeforeScripts(page, who);
    const before = await shown(page);
    expect(before).toMatchObject({ fullName: who.name, heardFrom: 'social', willAttend: 'no' });

    release();
    await expect.poll(() => reactHasTheField(page), { timeout: 30_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await shown(page)).toEqual(before);

    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'), {
      timeout: 30_000,
    });
    expect(reservations).toHaveLength(1);
    const sent = reservations[0].postData() ?? '';
    expect(sent).toContain(who.name);
    expect(sent).toContain(who.phone);
    expect(sent).toContain('Bafoussam');
    expect(session?.pageErrors).toEqual([]);
  });

  it('a submission pressed before the scripts waits for them, says so, and goes once', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, release, reservations } = await pageWithScriptsHeld('phone');
    const who = { name: 'Awa Tchoua Pressée', phone: '698777312' };
    await fillBeforeScripts(page, who);
    const submit = page.getByRole('button', { name: 'Réserver ma place' });
    await submit.click();
    await submit.click();
    const note = page.getByRole('status').filter({ hasText: 'le formulaire se prépare' });
    await note.waitFor({ state: 'visible' });
    // Not the browser's own submission: same page, no answers in the address.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel(/^Nom complet/).inputValue()).toBe(who.name);
    await screenshot(page, 'phone', 'night-party-getting-ready');

    release();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'), {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    expect(reservations).toHaveLength(1);
    const sent = reservations[0].postData() ?? '';
    expect(sent).toContain(who.name);
    expect(sent).toContain(who.phone);
    expect(session?.pageErrors).toEqual([]);
  });
});

describe('screenshots of /night-party', () => {
  it.each(['phone', 'desktop'] as const)('%s', async (viewport) => {
    session = await openSession(browser, viewport);
    await session.page.goto('/night-party/');
    await session.page.waitForLoadState('networkidle');
    await screenshot(session.page, viewport, 'night-party-form');
  });
});
