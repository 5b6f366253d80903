/**
 * "Exporter pour Excel" in the real browser (issue 13): the admin filters the participants to the
 * teams of one category, downloads the readable workbook (written by exceljs in a worker), and
 * the file is parsed back here: French headers, only the filtered rows, every team's members on
 * their own sheet, accents intact, phones as text. Issue 27: the participants' contest pipeline
 * (status, audition city and time, convocation date, reference) and the reservations' pass state,
 * entry time and door are in it; and the specification's words in the header and the delete
 * dialog, with screenshots at 360 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  SCREENSHOT_DIR,
  settle,
  type ViewportName,
} from './support/browser';
import { describeReflow, enlargeText, measureReflow } from './support/reflow';
import { cellsOf, signIn, downloadWorkbook, rowsOf } from './support/readable-export';

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
    await signIn(page);

    await page.goto('/admin/participants/?participationType=team&category=singing');
    await settle(page);
    const summary = await page
      .getByText(/^\d+ participants?$/)
      .first()
      .textContent();
    const expected = Number(summary?.split(' ')[0]);
    expect(expected).toBeGreaterThan(0);

    const book = await downloadWorkbook(page, 'participants');
    const sheet = book.getWorksheet('Participants');
    const members = book.getWorksheet('Membres d’équipe');
    if (!sheet || !members) throw new Error(`sheets: ${book.worksheets.map((w) => w.name)}`);

    const header = cellsOf(sheet.getRow(1));
    expect(header.slice(0, 9)).toEqual([
      'Référence',
      'Nom complet',
      'E-mail',
      'Téléphone',
      'Ville',
      'Région',
      'Catégorie',
      'Type',
      'Équipe',
    ]);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(expected);
    for (const r of rows) {
      expect(r[6]).toBe('Chant');
      expect(r[7]).toBe('Équipe');
      expect(typeof r[3]).toBe('string'); // the phone, as text
      expect(String(r[3])).toMatch(/^\d{9}$/);
    }

    expect(cellsOf(members.getRow(1))).toEqual([
      'Équipe',
      'Responsable',
      'Membre',
      'Téléphone',
      'E-mail',
    ]);
    const teams = new Set(rows.map((r) => r[8]));
    const memberRows = rowsOf(members);
    expect(memberRows.length).toBeGreaterThanOrEqual(rows.length);
    for (const m of memberRows) expect(teams.has(m[0])).toBe(true);
  });

  it('puts the contest pipeline in the participants’ workbook: status, audition, convocation, reference', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = await openSession(browser, 'desktop');
    await signIn(page);
    // The seed's convoked participants: each has an audition city and time.
    await page.goto('/admin/participants/?status=convoque');
    await settle(page);
    const summary = await page
      .getByText(/^\d+ participants?$/)
      .first()
      .textContent();
    const expected = Number(summary?.split(' ')[0]);
    expect(expected).toBeGreaterThan(0);

    const sheet = (await downloadWorkbook(page, 'participants')).getWorksheet('Participants');
    if (!sheet) throw new Error('no Participants sheet');
    const header = cellsOf(sheet.getRow(1)) as string[];
    expect(header).toEqual([
      'Référence',
      'Nom complet',
      'E-mail',
      'Téléphone',
      'Ville',
      'Région',
      'Catégorie',
      'Type',
      'Équipe',
      'Statut',
      'Ville d’audition',
      'Audition le',
      'Convocation envoyée le',
      'Lien',
      'Description',
      'Inscrit le',
      'Identifiant',
    ]);
    const at = (name: string) => header.indexOf(name);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(expected);
    const cities = ['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'];
    for (const r of rows) {
      expect(r[at('Statut')]).toBe('Convoqué');
      expect(cities).toContain(r[at('Ville d’audition')]);
      expect(r[at('Audition le')]).toBeInstanceOf(Date);
      const notified = r[at('Convocation envoyée le')];
      expect(notified === '' || notified instanceof Date).toBe(true);
      const id = String(r[at('Identifiant')]);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(r[at('Référence')]).toBe(id.replaceAll('-', '').slice(0, 8).toUpperCase());
    }
    // The seed convokes most of them by message: at least one convocation date is in the file.
    expect(rows.some((r) => r[at('Convocation envoyée le')] instanceof Date)).toBe(true);
  });

  it('puts the pass state, the entry time and the door in the reservations’ workbook', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = await openSession(browser, 'desktop');
    await signIn(page);
    await page.goto('/admin/reservations/');
    await settle(page);
    const sheet = (await downloadWorkbook(page, 'reservations')).getWorksheet('Réservations');
    if (!sheet) throw new Error('no Réservations sheet');
    const header = cellsOf(sheet.getRow(1)) as string[];
    expect(header.slice(0, 6)).toEqual([
      'Nom',
      'Téléphone',
      'Ville',
      'Pass',
      'Heure d’entrée',
      'Porte d’entrée',
    ]);
    const rows = rowsOf(sheet);
    expect(rows.length).toBeGreaterThan(0);
    const states = new Set(rows.map((r) => r[3]));
    // The seed has a pass of each state (docs: FETE234567…FETE23456A).
    expect(states.size).toBeGreaterThanOrEqual(4);
    const entered = rows.filter((r) => r[4] instanceof Date);
    expect(entered.length).toBeGreaterThan(0);
    for (const r of entered) expect(String(r[5])).not.toBe('');
    for (const r of rows.filter((row) => !(row[4] instanceof Date))) expect(r[5]).toBe('');
  });

  it('says the specification’s words: the header’s concert link and the delete question', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      const { page } = await openSession(browser, viewport);
      await page.goto('/');
      await settle(page);
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
        await page
          .getByRole('navigation', { name: 'Menu mobile' })
          .getByRole('link', { name: 'Pré-inscription Concert' })
          .waitFor();
      } else {
        await page
          .getByRole('navigation', { name: 'Navigation principale' })
          .getByRole('link', { name: 'Pré-inscription Concert' })
          .waitFor();
      }
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${viewport}-header-spec-words.png`) });
      await signIn(page);
      await page.goto('/admin/participants/?participationType=team');
      await settle(page);
      const view = page.getByRole('link', { name: /^Voir / }).first();
      await view.click();
      await page.getByRole('button', { name: 'Supprimer le participant' }).click();
      const dialog = page.getByRole('alertdialog', { name: /^Supprimer / });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain(
        'Êtes-vous sûr de vouloir supprimer ce participant ? L’inscription ira dans la corbeille',
      );
      await screenshot(page, viewport, 'delete-dialog-spec-words');
      await dialog.getByRole('button', { name: 'Annuler' }).click();

      // The list's dialog: the question, and what goes with a team.
      await page.goto('/admin/participants/?participationType=team');
      await settle(page);
      await page
        .getByRole('button', { name: /^Supprimer / })
        .first()
        .click();
      const fromList = page.getByRole('alertdialog', { name: /^Supprimer / });
      await fromList.waitFor();
      expect(await fromList.textContent()).toMatch(
        /Êtes-vous sûr de vouloir supprimer ce participant \?\s*L’équipe .* supprimés? avec l’inscription\./,
      );
      await screenshot(page, viewport, 'delete-dialog-list-spec-words');
      await fromList.getByRole('button', { name: 'Annuler' }).click();
      await page.context().close();
    }
  });

  it('fits the header’s longer labels: the bar from 1024 px (one line), the menu below, reflow at 200 %', async () => {
    const sizes = [
      { width: 1024, text: 100, bar: true },
      { width: 1280, text: 200, bar: true },
      { width: 768, text: 100, bar: false },
      { width: 320, text: 200, bar: false },
    ];
    for (const { width, text, bar } of sizes) {
      const session = await openSession(browser, width >= 1024 ? 'desktop' : 'phone');
      if (text !== 100) await enlargeText(session.context, text);
      const { page } = session;
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await settle(page);
      const label = `home at ${width} px, text ${text} %`;
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      expect(await nav.isVisible(), `${label}: the bar`).toBe(bar);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `header-spec-words-${width}-text${text}.png`),
      });
      // One line of links at the usual text size; at 200 % a label may take two lines in its
      // link (reflow, below, still holds: nothing sticks out, nothing scrolls sideways).
      if (bar && text === 100) {
        const tops = await nav
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${label}: links on one line`).toBe(1);
      } else if (!bar) {
        await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
        await page
          .getByRole('navigation', { name: 'Menu mobile' })
          .getByRole('link', { name: 'Pré-inscription Concert' })
          .waitFor();
      }
      const reflow = await measureReflow(page);
      expect(reflow.scrollWidth, describeReflow(label, reflow)).toBeLessThanOrEqual(
        reflow.innerWidth,
      );
      expect(reflow.offScreen, describeReflow(label, reflow)).toEqual([]);
      expect(reflow.overflowing, describeReflow(label, reflow)).toEqual([]);
      if (text === 100) expect(reflow.brokenWords, `${label}: words split`).toEqual([]);
      if (!bar)
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `header-spec-words-${width}-text${text}-menu.png`),
        });
      await session.context.close();
    }
  });
});
