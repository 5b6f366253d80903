/**
 * "Exporter pour Excel" in the real browser (issue 13): the admin filters the participants to the
 * teams of one category, downloads the readable workbook (written by exceljs in a worker), and
 * the file is parsed back here: French headers, only the filtered rows, every team's members on
 * their own sheet, accents intact, phones as text.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  DOWNLOAD_DIR,
  launchChromium,
  openSession,
  settle,
} from './support/browser';

const cellsOf = (row: ExcelJS.Row) =>
  (row.values as ExcelJS.CellValue[]).slice(1).map((v) => (v instanceof Date ? v : (v ?? '')));

describe('readable export', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads the filtered participants as a French workbook with their team members', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = await openSession(browser, 'desktop');
    await page.goto('/admin/login/');
    await page.getByLabel(/^E-mail/).fill('admin@booster-challenge.local');
    await page.getByLabel(/^Mot de passe/).fill('BoosterAdmin2025');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));

    await page.goto('/admin/participants/?participationType=team&category=singing');
    await settle(page);
    const summary = await page
      .getByText(/^\d+ participants?$/)
      .first()
      .textContent();
    const expected = Number(summary?.split(' ')[0]);
    expect(expected).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter pour Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^participants_\d{4}-\d{2}-\d{2}\.xlsx$/);
    mkdirSync(DOWNLOAD_DIR, { recursive: true });
    const path = join(DOWNLOAD_DIR, `readable-${file.suggestedFilename()}`);
    await file.saveAs(path);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Participants');
    const members = book.getWorksheet('Membres d’équipe');
    if (!sheet || !members) throw new Error(`sheets: ${book.worksheets.map((w) => w.name)}`);

    const header = cellsOf(sheet.getRow(1));
    expect(header.slice(0, 8)).toEqual([
      'Nom complet',
      'E-mail',
      'Téléphone',
      'Ville',
      'Région',
      'Catégorie',
      'Type',
      'Équipe',
    ]);
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(cellsOf(row));
    });
    expect(rows).toHaveLength(expected);
    for (const r of rows) {
      expect(r[5]).toBe('Chant');
      expect(r[6]).toBe('Équipe');
      expect(typeof r[2]).toBe('string'); // the phone, as text
      expect(String(r[2])).toMatch(/^\d{9}$/);
    }

    expect(cellsOf(members.getRow(1))).toEqual([
      'Équipe',
      'Responsable',
      'Membre',
      'Téléphone',
      'E-mail',
    ]);
    const teams = new Set(rows.map((r) => r[7]));
    const memberRows: ExcelJS.CellValue[][] = [];
    members.eachRow((row, n) => {
      if (n > 1) memberRows.push(cellsOf(row));
    });
    expect(memberRows.length).toBeGreaterThanOrEqual(rows.length);
    for (const m of memberRows) expect(teams.has(m[0])).toBe(true);
  });
});
