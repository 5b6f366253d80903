/**
 * Shared by the visitor and admin journeys (tests/e2e/journeys.e2e.ts): the seed's admin, the
 * export columns the specification gives, and the form, toast, download and sign-in helpers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DOWNLOAD_DIR, type ViewportName } from './browser';

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';

export const PARTICIPANT_COLUMNS = [
  'id',
  'fullName',
  'email',
  'phone',
  'city',
  'region',
  'category',
  'participationType',
  'teamName',
  'linkToWork',
  'description',
  'agreeToTerms',
  'createdAt',
];
export const RESERVATION_COLUMNS = [
  'Nom',
  'Téléphone',
  'Ville',
  'Statut',
  "Source d'information",
  'Assistera',
  'Obstacle',
  'Suit la page',
  'Consomme Booster',
  'Date de réservation',
];

/** Distinct people per viewport (phones and e-mails are unique in the database). */
export function people(viewport: ViewportName) {
  const n = viewport === 'desktop' ? '1' : '2';
  return {
    guest: { name: `Invitée Essomba ${n}`, phone: `69877710${n}`, city: 'Yaoundé' },
    team: {
      leader: `Chef Équipe Mbarga ${n}`,
      email: `chef.mbarga.${n}@example.cm`,
      phone: `67766610${n}`,
      city: 'Douala',
      region: 'Littoral',
      teamName: `Les Lions E2E ${n}`,
      member: `Membre Fotso ${n}`,
      memberPhone: `65544410${n}`,
      renamed: `Membre Fotso Modifié ${n}`,
    },
  };
}

/** A form control by its label; the required-field star ("Nom complet *") is optional. */
export function field(scope: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

export async function waitForToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Saves a download under test-artifacts/downloads and returns its raw bytes. */
export async function savedDownload(download: Download, viewport: ViewportName): Promise<Buffer> {
  const path = join(DOWNLOAD_DIR, `${viewport}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return readFileSync(path);
}

/** Checks a French-spreadsheet CSV (BOM, `;`, CRLF, header) and returns its rows as objects. */
export function parseCsv(bytes: Buffer, header: string[]): Record<string, string>[] {
  expect([...bytes.subarray(0, 3)], 'UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0].split(';')).toEqual(header);
  expect(text.replaceAll('\r\n', '').includes('\n'), 'CRLF line endings only').toBe(false);
  const parsed = Papa.parse<Record<string, string>>(text, {
    delimiter: ';',
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

export async function signIn(page: Page) {
  await page.goto('/admin/login/');
  await field(page, 'E-mail').fill(ADMIN_EMAIL);
  await field(page, 'Mot de passe').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await waitForToast(page, 'Connexion réussie!');
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

/** The sidebar is a drawer on phones: open it first. */
export async function openAdminMenu(page: Page, viewport: ViewportName) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
}
