/**
 * The organisers' workspace (issue 13) across the whole stack, on the run's seeded database
 * (its messages: workspace-messages.e2e.ts):
 * 1. at each size, the admin ticks two participants still "Inscrit", makes them "Présélectionné",
 *    gives them an audition slot, and opens the first one's WhatsApp convocation (wa.me with the
 *    French text), which is recorded as "Notifié le …"; the journal shows the actions;
 * 2. every new page (messages, participants with the selection, contest section, journal, bin,
 *    retention settings, the scheduled purge's dialog and banner) is screenshotted and checked
 *    with axe at 360 and 1280 px; the purge scheduled is cancelled from the banner;
 * 3. issue 27: a reader's settings (read-only, no input) and the journal reserved to admins, at
 *    360 and 1280 px, "Aller au contenu" as the first Tab stop.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  settle,
  VIEWPORTS,
  type Session,
  type ViewportName,
} from './support/browser';
import { waitForToast, signIn, check } from './support/workspace';

describe('the organisers’ workspace', () => {
  let browser: Browser;
  const sessions: Session[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    for (const [i, s] of sessions.entries())
      await screenshot(s.page, 'desktop', `FAILED-${slug}-${i}`).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(Object.keys(VIEWPORTS) as ViewportName[])('at %s size', (viewport) => {
    let admin: Session;

    beforeAll(async () => {
      admin = await openSession(browser, viewport);
      sessions.push(admin);
    });

    it('the pipeline: bulk status, slot, and the WhatsApp convocation', async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      const { page } = admin;
      await signIn(page);
      await page.goto('/admin/participants/?status=inscrit');
      await settle(page);
      const boxes = page.getByRole('checkbox', { name: /^Sélectionner / });
      await boxes.first().waitFor();
      const names: string[] = [];
      for (const i of [0, 1]) {
        const name = (await boxes.nth(i).getAttribute('aria-label')) ?? '';
        names.push(name.replace(/^Sélectionner /, ''));
        await boxes.nth(i).check();
      }
      const toolbar = page.getByRole('region', { name: 'Actions sur la sélection' });
      await toolbar.getByText('2 participants sélectionnés').waitFor();
      await check(page, viewport, 'admin-pipeline-selection');

      await toolbar.getByLabel('Nouveau statut').selectOption('preselectionne');
      await toolbar.getByRole('button', { name: 'Appliquer le statut' }).click();
      await waitForToast(page, 'Statut « Présélectionné » appliqué à 2 participants');

      // The list is filtered on "Inscrit": the two left it. Find them again by their status.
      await page.goto('/admin/participants/?status=preselectionne');
      await settle(page);
      for (const name of names)
        await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check();
      const slot = toolbar.getByRole('form', { name: 'Attribuer un créneau à la sélection' });
      await slot.getByLabel('Ville').selectOption('Bafoussam');
      await slot.getByLabel('Date de l’audition').fill('2030-07-12');
      await slot.getByLabel('Heure (Douala)').fill('15:30');
      await slot.getByRole('button', { name: 'Attribuer le créneau' }).click();
      await waitForToast(page, /^Créneau attribué à 2 participants\s:\sBafoussam/);

      await page.goto('/admin/participants/?status=convoque&auditionCity=Bafoussam');
      await settle(page);
      await page.getByRole('checkbox', { name: `Sélectionner ${names[0]}` }).check();
      await toolbar.getByRole('button', { name: 'Préparer les convocations' }).click();
      const convocations = toolbar.getByRole('list', { name: 'Convocations' });
      const link = convocations.getByRole('link', {
        name: `Convoquer ${names[0]} sur WhatsApp (nouvel onglet)`,
      });
      await check(page, viewport, 'admin-pipeline-convocations');
      const popupPromise = page.context().waitForEvent('page');
      await link.click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      const wa = new URL(popup.url());
      expect(wa.origin).toBe('https://wa.me');
      expect(wa.pathname).toMatch(/^\/237[26]\d{8}$/);
      const text = wa.searchParams.get('text') ?? '';
      expect(text).toContain(`Bonjour ${names[0]}`);
      expect(text).toMatch(/à Bafoussam, le \w+ 12\sjuillet 2030 à 15\sh\s30 \(heure de Douala\)/);
      expect(text).toContain('Adresse\u00a0:');
      await popup.close();
      await waitForToast(page, `Convocation de ${names[0]} enregistrée comme envoyée`);
      await convocations.getByText(/^Notifié le /).waitFor();

      // The participant's page tells the story; the journal has the three actions.
      await page.getByRole('link', { name: `Voir ${names[0]}` }).click();
      const contest = page.getByRole('region', { name: 'Concours' });
      await contest.getByText(/Présélectionné → Convoqué/).waitFor();
      await check(page, viewport, 'admin-participant-contest');
      await page.goto('/admin/journal/');
      await settle(page);
      await page.getByText('Convocation envoyée par WhatsApp à 1 participant').first().waitFor();
      await page
        .getByText(/^Audition à Bafoussam le 12\/07\/2030 à 15 h 30/)
        .first()
        .waitFor();
      await page.getByText('Statut « présélectionné » pour 2 participants').first().waitFor();
      expect(admin.pageErrors).toEqual([]);
    });

    it('every new page is accessible and screenshotted', async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      const { page } = admin;
      // The participants search (docs/decisions/022-search-people.md): typed without the accent.
      await page.goto('/admin/participants/');
      await page.getByRole('searchbox', { name: 'Rechercher' }).fill('herve');
      await page.waitForURL((url) => url.search === '?search=herve');
      await page
        .getByRole('link', { name: /^Voir Hervé / })
        .first()
        .waitFor();
      await check(page, viewport, 'admin-participants-search');

      await page.goto('/admin/messages/');
      await page
        .getByRole('button', { name: /^Ouvrir le message de / })
        .first()
        .waitFor();
      await check(page, viewport, 'admin-messages');

      await page.goto('/admin/journal/');
      await settle(page);
      await page
        .getByRole('button', { name: /^Voir avant \/ après/ })
        .first()
        .click();
      await page.getByRole('table', { name: 'Valeurs avant et après' }).waitFor();
      await check(page, viewport, 'admin-journal');

      await page.goto('/admin/corbeille/');
      await page
        .getByRole('button', { name: /^Restaurer / })
        .first()
        .waitFor();
      await check(page, viewport, 'admin-bin');

      await page.goto('/admin/parametres/');
      await page.getByRole('button', { name: 'Programmer la purge' }).waitFor();
      // The purge scheduled (docs/decisions/018-scheduled-purge-and-journal.md): a purge date
      // first (the seed sets none; its registrations close in 60 days), then the request; the
      // banner is on every admin page, and the admin cancels it there.
      const purgeDate = page.getByLabel(/^Purge des données personnelles à partir du/);
      if (!(await purgeDate.inputValue())) {
        await purgeDate.fill(new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10));
        await page.getByRole('button', { name: 'Enregistrer les paramètres', exact: true }).click();
        await waitForToast(page, 'Paramètres enregistrés');
      }
      await check(page, viewport, 'admin-settings-retention');
      await page.getByRole('button', { name: 'Programmer la purge' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(/tout administrateur la verra/).waitFor();
      await check(page, viewport, 'admin-settings-purge-dialog');
      await dialog.getByRole('button', { name: 'Programmer la purge' }).click();
      const banner = page.getByRole('region', {
        name: 'Purge des données personnelles programmée',
      });
      await banner.waitFor();
      await check(page, viewport, 'admin-settings-purge-scheduled');
      await page.goto('/admin/');
      await banner.getByRole('button', { name: 'Annuler la purge' }).waitFor();
      await check(page, viewport, 'admin-dashboard-purge-banner');
      await banner.getByRole('button', { name: 'Annuler la purge' }).click();
      await waitForToast(page, 'Purge des données personnelles annulée');
      await banner.waitFor({ state: 'detached' });
      expect(admin.pageErrors).toEqual([]);
    });

    it('a reader reads the settings without a form, and the journal is not theirs', async (ctx) => {
      if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
      const reader = await openSession(browser, viewport);
      sessions.push(reader);
      const { page } = reader;
      await signIn(page, 'lecteur@booster-challenge.local', 'BoosterLecteur2025');
      await page.goto('/admin/parametres/');
      await page.getByText(/^Lecture seule/).waitFor();
      await page.getByText('Places confirmables').first().waitFor();
      await page.getByText(/^Aucune (date de )?purge/).waitFor();
      expect(await page.locator('main input, main select, main textarea').count()).toBe(0);
      expect(await page.locator('main button').count()).toBe(0);
      await check(page, viewport, 'admin-settings-reader');
      // The first Tab of a page loaded afresh: "Aller au contenu", then the page itself.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Aller au contenu' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.locator('main').evaluate((el) => el === document.activeElement)).toBe(true);

      await page.goto('/admin/journal/');
      await page.getByText(/^Le journal est réservé aux administrateurs/).waitFor();
      await check(page, viewport, 'admin-journal-reader');
      // The booking's column is "Pass" (a card's fact on a phone); the capacity as a sentence.
      await page.goto('/admin/reservations/');
      await page.getByText(/^\d+ réservations?$/).waitFor();
      await page
        .getByText(/ sur [\d\s\u202f]+ places confirmables, /)
        .waitFor({ state: 'attached' });
      await check(page, viewport, 'admin-reservations-reader');
      expect(reader.pageErrors).toEqual([]);
    });
  });
});
