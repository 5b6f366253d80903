/**
 * The organisers' workspace (issue 13) across the whole stack, on the run's seeded database:
 * 1. a visitor writes from /contact; the admin finds the message in "Messages" (the sidebar
 *    counts it), opens it, replies on WhatsApp (the number in the text) and marks it handled;
 * 2. at each size, the admin ticks two participants still "Inscrit", makes them "Présélectionné",
 *    gives them an audition slot, and opens the first one's WhatsApp convocation (wa.me with the
 *    French text), which is recorded as "Notifié le …"; the journal shows the actions;
 * 3. every new page (messages, participants with the selection, contest section, journal, bin,
 *    retention settings, the scheduled purge's dialog and banner) is screenshotted and checked
 *    with axe at 360 and 1280 px; the purge scheduled is cancelled from the banner;
 * 4. issue 27: a reader's settings (read-only, no input) and the journal reserved to admins, at
 *    360 and 1280 px, "Aller au contenu" as the first Tab stop; an opened message wraps at
 *    320 px, with text at 100 % and 200 % (no box wider than the screen).
 * The contact step needs this address's contact quota: tests/e2e/public-pages.e2e.ts spends it,
 * so this file must run before that one (see the report of issue 13).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeFindings } from './support/a11y';
import { enlargeText } from './support/reflow';
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

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';
const VISITOR = {
  name: 'Carine Essomba',
  email: 'carine.essomba@example.cm',
  subject: 'Inscription de mon groupe (e2e)',
  message: 'Bonjour, pouvez-vous me rappeler au +237 6 55 44 33 22 pour notre inscription ?',
};

async function expectAccessible(page: Page, label: string) {
  const findings = await axeViolations(page, label);
  expect(findings, describeFindings(label, findings)).toEqual([]);
}

async function waitForToast(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor();
}

async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  await page.goto('/admin/login/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await waitForToast(page, 'Connexion réussie!');
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
}

/** Screenshot and axe of the page as it is now. */
async function check(page: Page, viewport: ViewportName, name: string) {
  await settle(page);
  await screenshot(page, viewport, name);
  await expectAccessible(page, `${viewport} ${name}`);
}

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

  it('a message sent from /contact reaches the inbox and is marked handled', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const visitor = await openSession(browser, 'desktop');
    sessions.push(visitor);
    await visitor.page.goto('/contact/');
    await settle(visitor.page);
    await visitor.page.getByLabel(/^Nom complet/).fill(VISITOR.name);
    await visitor.page.getByLabel(/^E-mail/).fill(VISITOR.email);
    await visitor.page.getByLabel(/^Sujet/).fill(VISITOR.subject);
    await visitor.page.getByLabel(/^Message/).fill(VISITOR.message);
    await visitor.page.getByRole('button', { name: 'Envoyer le message' }).click();
    const sent = visitor.page.getByText('Votre message a été envoyé avec succès !').first();
    const limited = visitor.page.getByText(/Trop de demandes/).first();
    await sent.or(limited).waitFor();
    expect(await limited.count(), 'contact quota already spent: run before public-pages').toBe(0);
    expect(visitor.pageErrors).toEqual([]);

    const admin = await openSession(browser, 'desktop');
    sessions.push(admin);
    const { page } = admin;
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    const inbox = nav.getByRole('link', { name: /^Messages \d+ non traités?$/ });
    // The badge's words for screen readers: "5 non traités".
    const before = Number((await inbox.locator('.sr-only').textContent())?.match(/\d+/)?.[0]);
    await inbox.click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: VISITOR.subject });
    await row.waitFor();
    expect(await row.getByText('Non traité').isVisible()).toBe(true);
    await row.getByRole('button', { name: `Ouvrir le message de ${VISITOR.name}` }).click();
    await page.getByText(VISITOR.message).waitFor();
    const reply = page.getByRole('link', { name: `Répondre par e-mail à ${VISITOR.name}` });
    expect(await reply.getAttribute('href')).toContain(
      `subject=${encodeURIComponent(`Re: ${VISITOR.subject}`)}`,
    );

    const popupPromise = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /^Répondre sur WhatsApp à Carine Essomba/ }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const wa = new URL(popup.url());
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/237655443322');
    expect(wa.searchParams.get('text')).toContain(VISITOR.subject);
    await popup.close();
    await check(page, 'desktop', 'admin-messages-open');

    await page
      .getByRole('button', { name: `Marquer comme traité : message de ${VISITOR.name}` })
      .click();
    await waitForToast(page, `Message de ${VISITOR.name} marqué comme traité`);
    const left = before - 1;
    const badge = left === 0 ? 'Messages' : `Messages ${left} non traité${left > 1 ? 's' : ''}`;
    await nav.getByRole('link', { name: badge, exact: true }).waitFor();
    await page.getByLabel('État').selectOption('unhandled');
    await page.waitForURL((url) => url.searchParams.get('state') === 'unhandled');
    await page
      .getByRole('row')
      .filter({ hasText: VISITOR.subject })
      .first()
      .waitFor({ state: 'detached' });
    expect(admin.pageErrors).toEqual([]);
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
      expect(text).toMatch(/à Bafoussam, le \w+ 12 juillet 2030 à 15:30 \(heure de Douala\)/);
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
        .getByText(/^Audition à Bafoussam le 12\/07\/2030 à 15h30/)
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
        await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
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

  describe.each([{ text: 100 }, { text: 200 }])(
    'an opened message at 320 px, text $text',
    ({ text }) => {
      it('wraps inside the screen', async (ctx) => {
        if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
        const admin = await openSession(browser, 'phone');
        sessions.push(admin);
        const { page } = admin;
        await page.setViewportSize({ width: 320, height: 740 });
        if (text !== 100) await enlargeText(admin.context, text);
        await signIn(page);
        await page.goto('/admin/messages/');
        await settle(page);
        const open = page.getByRole('button', { name: /^Ouvrir le message de / }).first();
        await open.click();
        // aria-controls names the message once it is open.
        const controls = await page
          .getByRole('button', { name: /^Fermer le message de / })
          .first()
          .getAttribute('aria-controls');
        const detail = page.locator(`[id="${controls}"] td > div`);
        await detail.waitFor();
        await detail.scrollIntoViewIfNeeded();
        const box = await detail.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            inner: window.innerWidth,
            scroll: el.scrollWidth,
            client: el.clientWidth,
          };
        });
        expect(box.right, JSON.stringify(box)).toBeLessThanOrEqual(box.inner);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.scroll).toBeLessThanOrEqual(box.client);
        await screenshot(page, 'phone', `admin-message-open-320-text-${text}`);
        await expectAccessible(page, `320 px text ${text} % opened message`);
        expect(admin.pageErrors).toEqual([]);
      });
    },
  );
});
