/**
 * Issue 27, item 2, "the other-year test" (docs/decisions/024-one-edition-one-source.md): an admin
 * moves the whole edition to 2031 in the settings page (concert, doors, reservations, registration
 * window, final); every public page, as Chromium renders it against the local backend, then names
 * 2031 and no other year (no 2025, 2026, 2027...), in its text, its title and its description.
 * Screenshots at 360 and 1280 px of each page. It changes the shared settings, so it runs after
 * every other file (vitest.e2e.config.ts), and puts them back afterwards.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  settle,
  type ViewportName,
} from './support/browser';

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';
const YEAR = '2031';

/** The fields of the settings page, in 2031 (Douala). */
const SETTINGS_2031: [label: RegExp, value: string][] = [
  [/^Début du concert/, '2031-12-20T16:00'],
  [/^Ouverture des portes/, '2031-12-20T14:00'],
  [/^Ouverture des réservations/, '2031-11-01T00:00'],
  [/^Ouverture des inscriptions/, '2031-06-15T00:00'],
  [/^Clôture des inscriptions/, '2031-07-30T23:59'],
  [/^Date de la finale/, '2031-09-27'],
  // An earlier file (workspace.e2e.ts) may have set a purge date: it must stay 30 days past the
  // concert and the registrations' close, and no public page shows it.
  [/^Purge des données personnelles à partir du/, '2032-02-01'],
];

const PUBLIC_PAGES = [
  '/',
  '/inscription',
  '/night-party',
  '/contact',
  '/faq',
  '/reglement',
  '/success',
  '/reservation-success',
  '/pass/FETE234567',
];

async function signIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-mail/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Mot de passe/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

/** Fills the settings form and saves; returns the values it held before. */
async function setSettings(page: Page, values: [RegExp, string][]): Promise<[RegExp, string][]> {
  await page.goto('/admin/parametres');
  await settle(page);
  const before: [RegExp, string][] = [];
  for (const [label, value] of values) {
    const input = page.getByLabel(label).first();
    before.push([label, await input.inputValue()]);
    await input.fill(value);
  }
  await page.getByRole('button', { name: 'Enregistrer les paramètres', exact: true }).click();
  await page
    .getByText(/Paramètres enregistrés/)
    .first()
    .waitFor();
  return before;
}

/** Every year-like number the page shows: its text (hidden answers too), title and description. */
async function yearsShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(
    () =>
      `${document.title} ${document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''} ${document.body.textContent ?? ''}`,
  );
  return [...new Set(text.match(/\b(19|20)\d{2}\b/g) ?? [])];
}

describe.skipIf(!backendAvailable())('one edition, one source: the other-year test', () => {
  let browser: Browser;
  let restore: [RegExp, string][] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    const admin = await openSession(browser, 'desktop');
    await signIn(admin.page);
    restore = await setSettings(admin.page, SETTINGS_2031);
    await admin.context.close();
  });
  afterAll(async () => {
    if (restore.length) {
      const admin = await openSession(browser, 'desktop');
      await signIn(admin.page);
      // The final first moved with the window: put the window back before the final.
      await setSettings(admin.page, restore).catch(() => undefined);
      await admin.context.close();
    }
    await browser?.close();
  });

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`the admin's pages name the concert's year and edit the final (${viewport})`, async () => {
      const { page, context } = await openSession(browser, viewport);
      await signIn(page);
      await page.goto('/admin/parametres');
      await settle(page);
      expect(await page.getByLabel(/^Ville de la finale/).inputValue()).toBe('Douala');
      expect(await page.getByLabel(/^Date de la finale/).inputValue()).toBe('2031-09-27');
      await screenshot(page, viewport, 'other-year-admin-parametres');
      await page.goto('/admin/reservations');
      await page.getByRole('heading', { level: 1, name: /Booster Night Party 2031/ }).waitFor();
      await screenshot(page, viewport, 'other-year-admin-reservations');
      await context.close();
    });

    it(`every public page names ${YEAR} and no other year (${viewport})`, async () => {
      const { page, context, pageErrors } = await openSession(browser, viewport);
      const found: Record<string, string[]> = {};
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await settle(page);
        // The settings' facts are shown once they answer: wait for the year (a page that never
        // shows it fails below, with the years it shows instead).
        await page
          .waitForFunction((y) => document.body.textContent?.includes(y), YEAR, { timeout: 5000 })
          .catch(() => undefined);
        found[path] = await yearsShown(page);
        await screenshot(
          page,
          viewport,
          `other-year${path === '/' ? '-home' : path.replace(/\//g, '-')}`,
        );
      }
      expect(found).toEqual(Object.fromEntries(PUBLIC_PAGES.map((p) => [p, [YEAR]])));
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
