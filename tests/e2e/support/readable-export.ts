/**
 * Shared by the readable-export journeys (tests/e2e/readable-export.e2e.ts): the admin's sign-in,
 * the workbook downloaded and read back with exceljs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DOWNLOAD_DIR } from './browser';

/** A row's cells from column 1; an empty cell (a hole in exceljs's sparse array) is ''. */
export const cellsOf = (row: ExcelJS.Row) =>
  Array.from((row.values as ExcelJS.CellValue[]).slice(1), (v) =>
    v instanceof Date ? v : (v ?? ''),
  );

export async function signIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-mail/).fill('admin@booster-challenge.local');
  await page.getByLabel(/^Mot de passe/).fill('BoosterAdmin2025');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

/** Clicks "Exporter pour Excel" on the current list, saves the file and reads it back. */
export async function downloadWorkbook(page: Page, prefix: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter pour Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${prefix}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  mkdirSync(DOWNLOAD_DIR, { recursive: true });
  const path = join(DOWNLOAD_DIR, `readable-${file.suggestedFilename()}`);
  await file.saveAs(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

/** The rows below the header, as arrays of cells. */
export function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(cellsOf(row));
  });
  return rows;
}
