/**
 * /admin/stats beyond the registrations (issue 40), on the run's seeded database, for the seed's
 * reader: the contest's pipeline by category, the audition cities and the Night Party figures
 * from edition_stats(), below the specification's cards; screenshots at 360 and 1280 px, axe on
 * each. It only reads.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  settle,
  type ViewportName,
} from './support/browser';

describe('the statistics cover the edition', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (backendAvailable()) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.for(['phone', 'desktop'] as ViewportName[])('at %s width', async (viewport, ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page, pageErrors } = await openSession(browser, viewport);
    await page.goto('/admin/login/');
    await page.getByLabel(/^E-mail/).fill('lecteur@booster-challenge.local');
    await page.getByLabel(/^Mot de passe/).fill('BoosterLecteur2025');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await page.goto('/admin/stats/');
    // The specification's cards first, as they were.
    await page.getByText('Total des inscriptions').waitFor();
    const pipeline = page.getByRole('table', { name: 'Participants par statut et par catégorie' });
    await pipeline.waitFor();
    expect(await pipeline.getByRole('row').count()).toBe(7);
    const cities = page.getByRole('table', {
      name: 'Participants par ville d’audition et par catégorie',
    });
    await expect(cities.getByRole('rowheader').allTextContents()).resolves.toEqual([
      'Douala',
      'Yaoundé',
      'Bafoussam',
      'Garoua',
      'Limbe',
      'Sans ville d’audition',
    ]);
    const party = page.getByRole('region', { name: 'Booster Night Party' });
    for (const label of ['Réservations', 'Confirmées', 'Liste d’attente', 'Entrées'])
      await party.getByText(label, { exact: true }).waitFor();
    await party.getByRole('region', { name: 'Entrées par heure' }).waitFor();
    await party.getByRole('region', { name: 'Participation au vote du public' }).waitFor();
    await settle(page);
    await screenshot(page, viewport, 'admin-stats-edition');
    await expectAccessible(page, `${viewport} /admin/stats/ edition`);
    expect(pageErrors).toEqual([]);
  });
});
