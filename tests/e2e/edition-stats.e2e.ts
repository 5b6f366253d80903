/**
 * /admin/stats beyond the registrations (issue 40), on the run's seeded database, for the seed's
 * reader: the contest's pipeline by category, the audition cities and the Night Party figures
 * from edition_stats(), below the specification's cards; screenshots at 360 and 1280 px, axe on
 * each. It only reads. The sponsor's report (issue 41, docs/decisions/053-sponsor-report-xlsx.md)
 * downloads from the same page and its pipeline sheet reads as the page's table.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { cellsOf } from './support/readable-export';
import {
  DOWNLOAD_DIR,
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

    // The sponsor's workbook: its pipeline sheet is the page's table, figure for figure.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter le rapport pour le sponsor (Excel)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rapport_sponsor_\d{4}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    mkdirSync(DOWNLOAD_DIR, { recursive: true });
    const path = join(DOWNLOAD_DIR, `${viewport}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Parcours du concours')!;
    const fromFile: string[][] = [];
    sheet.eachRow((row) => fromFile.push(cellsOf(row).map(String)));
    const onScreen = await pipeline
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').replace(/\s/g, ''))),
      );
    expect(fromFile.map((r) => r.map((c) => c.replace(/\s/g, '')))).toEqual(onScreen);
    await page.getByText('Données exportées avec succès').waitFor();
    await screenshot(page, viewport, 'admin-stats-sponsor-report');
    expect(pageErrors).toEqual([]);
  });
});
