/**
 * The journeys that cross the whole stack (browser -> built site -> embedded backend -> Postgres),
 * at desktop and phone size, in order, on one fresh seeded database:
 * 1. a visitor reserves a Night Party place and opens the WhatsApp share link;
 * 2. a visitor registers a team;
 * 3. the admin signs in, finds both, edits a team member, exports participants and reservations
 *    (the files are parsed and checked), deletes the participant, signs out;
 * 4. an expired admin_session sends the admin back to the login page.
 * Each admin page is screenshotted and checked with axe (forms empty and with errors).
 * Skipped, saying why, when the embedded backend is not mounted on `vite preview`.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  baseUrl,
  launchChromium,
  openSession,
  screenshot,
  settle,
  VIEWPORTS,
  type Session,
  type ViewportName,
} from './support/browser';
import { expectAccessible } from './support/a11y';
import {
  PARTICIPANT_COLUMNS,
  RESERVATION_COLUMNS,
  people,
  field,
  waitForToast,
  savedDownload,
  parseCsv,
  signIn,
  openAdminMenu,
} from './support/journeys';

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('journeys at %s size', (viewport) => {
  const who = people(viewport);
  let browser: Browser;
  let visitor: Session;
  let admin: Session;
  let participantId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    visitor = await openSession(browser, viewport);
    admin = await openSession(browser, viewport);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const slug = ctx.task.name.slice(0, 40).replace(/[^a-z]+/gi, '-');
    await screenshot(visitor.page, viewport, `FAILED-${slug}-visitor`).catch(() => undefined);
    await screenshot(admin.page, viewport, `FAILED-${slug}-admin`).catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor reserves a Night Party place and shares it on WhatsApp', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = visitor;
    await page.goto('/night-party/');
    await settle(page);
    await field(page, 'Nom complet').fill(who.guest.name);
    await field(page, 'Téléphone').fill(who.guest.phone);
    await field(page, 'Ville').fill(who.guest.city);
    await page
      .getByRole('radiogroup', { name: 'Comment avez-vous entendu parler de la Night Party ?' })
      .getByLabel('Réseaux sociaux')
      .check();
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    await waitForToast(page, 'Réservation enregistrée avec succès !');
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, viewport, 'journey-reservation-success');

    const popupPromise = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /Inviter des amis/ }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const shared = new URL(popup.url());
    expect(shared.origin).toBe('https://wa.me');
    const text = shared.searchParams.get('text') ?? '';
    expect(text).toContain('pour la Booster Night Party');
    expect(text).toContain(`${baseUrl()}/night-party`);
    await popup.close();
    expect(visitor.pageErrors).toEqual([]);
  });

  it('a visitor registers a team', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = visitor;
    const t = who.team;
    await page.goto('/inscription/?category=singing&type=team');
    await settle(page);
    const form = page.getByRole('form', { name: 'Formulaire d’inscription' });
    if ((await form.count()) === 0)
      ctx.skip('the registration form is not shown (registrations closed?)');
    expect(await page.getByRole('radio', { name: /^Chant/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Équipe/ }).isChecked()).toBe(true);
    await field(form, 'Nom complet').fill(t.leader);
    await field(form, 'E-mail').fill(t.email);
    await field(form, 'Téléphone').fill(t.phone);
    await field(form, 'Ville').fill(t.city);
    await field(form, 'Région').selectOption(t.region);
    await field(form, 'Nom de l’équipe').fill(t.teamName);
    await field(form, 'Nom complet du membre 1').fill(t.member);
    await field(form, 'Téléphone du membre 1').fill(t.memberPhone);
    await form.getByRole('checkbox', { name: /J'accepte le règlement/ }).check();
    await screenshot(page, viewport, 'journey-registration-filled');
    await page.getByRole('button', { name: 'Valider mon inscription' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/success'));
    await page.getByRole('heading', { level: 1, name: 'Inscription réussie !' }).waitFor();
    await screenshot(page, viewport, 'journey-registration-success');
    expect(visitor.pageErrors).toEqual([]);
  });

  it('the admin signs in, finds both, edits a team member, exports, deletes, signs out', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = admin;
    const t = who.team;

    // login: empty form errors, then a real sign-in
    await page.goto('/admin/login/');
    await settle(page);
    await signIn(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    await screenshot(page, viewport, 'admin-dashboard');
    await expectAccessible(page, `${viewport} /admin/`);

    // the registered team is in the list
    await page.goto('/admin/participants/');
    await settle(page);
    await screenshot(page, viewport, 'admin-participants');
    await expectAccessible(page, `${viewport} /admin/participants/`);
    await field(page, 'Rechercher').fill(t.leader);
    // The search is applied once typing pauses: it is then in the URL (the list's state).
    await page.waitForURL((url) => url.searchParams.get('search') === t.leader.trim());
    const view = page.getByRole('link', { name: `Voir ${t.leader}` });
    await view.waitFor();
    // "Équipe : …" under the name in the table; an "Équipe" line of the card on a phone.
    await page
      .getByText(new RegExp(`^(Équipe\\s:\\s)?${t.teamName}$`))
      .first()
      .waitFor();

    // participants export (filtered to this search): BOM, `;`, header, our row
    const participantsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter CSV' }).click();
    const participantsFile = await participantsDownload;
    expect(participantsFile.suggestedFilename()).toMatch(/^participants_.+\.csv$/);
    const participantRows = parseCsv(
      await savedDownload(participantsFile, viewport),
      PARTICIPANT_COLUMNS,
    );
    const row = participantRows.find((r) => r.fullName === t.leader);
    expect(row).toMatchObject({
      email: t.email,
      phone: t.phone,
      city: t.city,
      region: t.region,
      category: 'singing',
      participationType: 'team',
      teamName: t.teamName,
      agreeToTerms: 'true',
    });
    participantId = row?.id ?? '';
    await waitForToast(page, 'Données exportées avec succès');

    // detail, then edit the team member
    await view.click();
    await page.getByRole('heading', { level: 1, name: t.leader }).waitFor();
    await page.getByText(t.member).first().waitFor();
    await settle(page);
    await screenshot(page, viewport, 'admin-participant-detail');
    await expectAccessible(page, `${viewport} /admin/participants/{id}/`);
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const member = field(page, 'Nom complet du membre 1');
    await screenshot(page, viewport, 'admin-participant-edit');
    await expectAccessible(page, `${viewport} /admin/participants/{id}/ edit`);
    // the edit form with an error shown
    await member.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le nom du membre est obligatoire').waitFor();
    expect(await member.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, viewport, 'admin-participant-edit-errors');
    await expectAccessible(page, `${viewport} /admin/participants/{id}/ edit with errors`);
    await member.fill(t.renamed);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await waitForToast(page, 'Participant mis à jour avec succès');
    await page.getByText(t.renamed).first().waitFor();
    await page.reload();
    await page.getByText(t.renamed).first().waitFor(); // stored, not just shown

    // "Retour à la liste" returns to the list as searched: its state is in the URL
    await page.getByRole('link', { name: '← Retour à la liste' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === t.leader.trim());
    await page.getByRole('link', { name: `Voir ${t.leader}` }).waitFor();
    expect(await field(page, 'Rechercher').inputValue()).toBe(t.leader);

    // the reservation is in the reservations page and its export
    await page.goto('/admin/reservations/');
    await settle(page);
    await screenshot(page, viewport, 'admin-reservations');
    await expectAccessible(page, `${viewport} /admin/reservations/`);
    await field(page, 'Rechercher').fill(who.guest.name);
    // A row of the table (desktop) or a card with the name as its heading (phone).
    await (
      viewport === 'phone'
        ? page.getByRole('heading', { name: who.guest.name, exact: true })
        : page.getByRole('cell', { name: who.guest.name, exact: true })
    ).waitFor();
    const reservationsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter CSV' }).click();
    const reservationsFile = await reservationsDownload;
    expect(reservationsFile.suggestedFilename()).toMatch(/^reservations_.+\.csv$/);
    const reservationRows = parseCsv(
      await savedDownload(reservationsFile, viewport),
      RESERVATION_COLUMNS,
    );
    expect(reservationRows.find((r) => r.Nom === who.guest.name)).toMatchObject({
      Téléphone: who.guest.phone,
      Ville: who.guest.city,
      Statut: 'Confirmé',
      "Source d'information": 'Réseaux sociaux',
      Assistera: 'Oui',
      Obstacle: 'Aucun obstacle',
    });

    // the stats page renders and is accessible
    await page.goto('/admin/stats/');
    await settle(page);
    await screenshot(page, viewport, 'admin-stats');
    await expectAccessible(page, `${viewport} /admin/stats/`);

    // delete the participant from the list, with confirmation
    await page.goto('/admin/participants/');
    await settle(page);
    await field(page, 'Rechercher').fill(t.leader);
    await page.getByRole('button', { name: `Supprimer ${t.leader}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Supprimer ${t.leader}` });
    await dialog.waitFor();
    await dialog
      .getByText('Êtes-vous sûr de vouloir supprimer ce participant ?', { exact: false })
      .waitFor();
    await screenshot(page, viewport, 'admin-delete-confirm');
    await expectAccessible(page, `${viewport} delete confirmation`);
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await waitForToast(page, 'Participant supprimé avec succès');
    await page.getByRole('link', { name: `Voir ${t.leader}` }).waitFor({ state: 'detached' });
    await page.goto(`/admin/participants/${participantId}/`);
    await waitForToast(page, 'Participant non trouvé');
    await page.waitForURL((url) => /^\/admin\/participants\/?$/.test(url.pathname));

    // sign out (on phones, from the drawer: checked with axe while open)
    await openAdminMenu(page, viewport);
    if (viewport === 'phone') {
      await screenshot(page, viewport, 'admin-drawer-open');
      await expectAccessible(page, `${viewport} admin drawer open`);
    }
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await waitForToast(page, 'Déconnexion réussie');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/login'));
    expect(await page.evaluate(() => localStorage.getItem('admin_session'))).toBeNull();
    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/login'));
    expect(admin.pageErrors).toEqual([]);
  });

  it('an expired admin_session (over 24 hours) sends the admin to the login page', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const session = await openSession(browser, viewport);
    const { page } = session;
    await signIn(page);
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('admin_session') ?? '{}') as {
        timestamp: number;
      };
      session.timestamp = Date.now() - 25 * 60 * 60 * 1000;
      localStorage.setItem('admin_session', JSON.stringify(session));
    });
    await page.goto('/admin/participants/');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/login'));
    await page.getByRole('heading', { level: 1, name: 'Connexion Administrateur' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_session'))).toBeNull();
  });
});
