/**
 * The four journeys of issue 15 with the keyboard alone, at desktop size, on the built site and
 * its embedded backend: a Night Party reservation (/night-party → the pass), a team registration
 * (/inscription → /success), a contact message (/ → /contact → sent), and the administration
 * (sign-in with a wrong password first → search → Voir → Modifier → Enregistrer → delete →
 * "Réinitialiser les filtres" → export → Déconnexion); then the administration's drawer on a
 * phone, which must behave as a modal.
 *
 * After every key press and every action, the focus must not be on <body> (where a keyboard
 * user loses their place), and after an action it must be where the result is. The key presses
 * are counted per journey, printed as a table and written to test-artifacts/keyboard-journeys.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  type Session,
} from './support/browser';
import { is, KeyboardUser } from './support/keyboard';
import { ROOT } from './support/server';

const ADMIN_EMAIL = 'admin@booster-challenge.local';
const ADMIN_PASSWORD = 'BoosterAdmin2025';

/** People of their own (phones and e-mails are unique in the database the e2e files share). */
const GUEST = { name: 'Invitée Clavier Ndzana', phone: '699551201', city: 'Kribi' };
const TEAM = {
  leader: 'Responsable Clavier Abega',
  email: 'clavier.abega@example.cm',
  phone: '677551202',
  city: 'Bafia',
  teamName: 'Les Touches E2E',
  member: 'Membre Clavier Onana',
  memberPhone: '655551203',
};
const CONTACT = {
  name: 'Visiteur Clavier',
  email: 'visiteur.clavier@example.cm',
  subject: 'Question au clavier',
  message: 'Bonjour, à quelle heure ouvrent les portes de la Night Party ?',
};

const results: KeyboardUser[] = [];

afterAll(() => {
  console.log('\nKey presses per journey (keyboard only)');
  console.table(results.map((r) => r.summary()));
  mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
  writeFileSync(
    join(ROOT, 'test-artifacts', 'keyboard-journeys.json'),
    `${JSON.stringify(
      results.map((r) => ({
        ...r.summary(),
        losses: r.stepsThat('lost'),
        misplaced: r.stepsThat('misplaced'),
        steps: r.steps,
      })),
      null,
      2,
    )}\n`,
  );
});

/** Resolves once React has hydrated (or rendered) `selector`: a key press then reaches React. */
async function interactive(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'));
    },
    selector,
    { timeout: 20_000 },
  );
}

/** A form control by its label (a RegExp's source, or a plain label), with or without its " *". */
const field = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByLabel(
    new RegExp(
      `^${typeof label === 'string' ? label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : label.source}(\\s*\\*)?$`,
    ),
  );
/** "E-mail" (the glossary's spelling; "Email" before it). */
const EMAIL = /E-?mail/;
const EMAIL_FIELD = /^E-?mail$/;

/** A journey's keyboard user, reported (steps and counts) even when the journey fails. */
function keyboardUser(page: Page, journey: string): KeyboardUser {
  const user = new KeyboardUser(page, journey);
  results.push(user);
  return user;
}

function report(user: KeyboardUser) {
  console.log(`\n${user.journey}: ${user.total} key presses`);
  console.table(user.steps);
}

describe('keyboard-only journeys (desktop)', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && session) {
      const slug = ctx.task.name.slice(0, 30).replace(/[^a-z]+/gi, '-');
      await screenshot(session.page, 'desktop', `FAILED-keyboard-${slug}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reserves a Night Party place, then shows the pass', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'reservation');
    await page.goto('/night-party/');
    await field(page, 'Nom complet').waitFor();
    await interactive(page, 'form input[name="fullName"]');

    await user.tabTo(is.field('Nom complet'), 'to Nom complet');
    await user.type(GUEST.name);
    await user.tabTo(is.field('Téléphone'), 'to Téléphone');
    await user.type(GUEST.phone);
    await user.tabTo(is.field('Ville'), 'to Ville');
    await user.type(GUEST.city);
    await user.tabTo(is.radio(/^Flyer/), 'to the first answer of "entendu parler"');
    await user.press('ArrowRight');
    await user.expectFocus(is.radio(/^Réseaux sociaux/), 'ArrowRight: Réseaux sociaux');
    expect(await page.getByRole('radio', { name: 'Réseaux sociaux' }).isChecked()).toBe(true);
    await user.tabTo(is.button('Réserver ma place'), 'to Réserver ma place');
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'));
    await user.expectFocus(is.heading(/./), 'Réserver: the confirmation’s h1', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /Votre place est confirmée/ }).waitFor();
    await user.check('the pass is shown');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('registers a team, then lands on /success', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'team registration');
    await page.goto('/inscription/');
    const form = page.getByRole('form', { name: /^Formulaire d.inscription$/ });
    await form.waitFor();
    await interactive(page, 'form input[name="category"]');

    await user.tabTo(is.radio(/^Danse/), 'to the categories');
    await user.press('ArrowRight');
    await user.expectFocus(is.radio(/^Chant/), 'ArrowRight: Chant');
    await user.tabTo(is.radio(/^Solo/), 'to the participation types');
    await user.press('ArrowRight');
    await user.expectFocus(is.radio(/^Équipe/), 'ArrowRight: Équipe');
    await user.tabTo(is.field('Nom complet'), 'to Nom complet');
    await user.type(TEAM.leader);
    await user.tabTo(is.field(EMAIL_FIELD), 'to E-mail');
    await user.type(TEAM.email);
    await user.tabTo(is.field('Téléphone'), 'to Téléphone');
    await user.type(TEAM.phone);
    await user.tabTo(is.field('Ville'), 'to Ville');
    await user.type(TEAM.city);
    await user.tabTo(is.field('Région'), 'to Région');
    await user.type('L'); // the select's type-ahead: Littoral
    expect(await field(form, 'Région').inputValue()).toBe('Littoral');
    await user.tabTo(is.field(/^Nom de l.équipe$/), 'to Nom de l’équipe');
    await user.type(TEAM.teamName);
    await user.tabTo(is.field('Nom complet du membre 1'), 'to member 1');
    await user.type(TEAM.member);
    await user.tabTo(is.field('Téléphone du membre 1'), 'to member 1’s phone');
    await user.type(TEAM.memberPhone);
    await user.tabTo((f) => f.type === 'checkbox' && /^J.accepte/.test(f.name), 'to the rules');
    await user.press('Space');
    await user.tabTo(is.button('Valider mon inscription'), 'to Valider mon inscription');
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/success'), { timeout: 30_000 });
    await user.expectFocus(is.heading(/^Inscription réussie/), 'Valider: /success’s h1');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('follows the header link to /contact and sends a message', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'contact');
    await page.goto('/');
    await interactive(page, 'header nav a[href="/contact"]');

    await user.tabTo(is.link('Contact'), 'to the header’s Contact link');
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/contact'));
    await user.expectFocus(is.heading('Contactez-nous'), 'Contact link: the page’s h1');
    await field(page, 'Nom complet').waitFor();
    await user.tabTo(is.field('Nom complet'), 'to Nom complet');
    await user.type(CONTACT.name);
    await user.tabTo(is.field(EMAIL_FIELD), 'to E-mail');
    await user.type(CONTACT.email);
    await user.tabTo(is.field('Sujet'), 'to Sujet');
    await user.type(CONTACT.subject);
    await user.tabTo(is.field('Message'), 'to Message');
    await user.type(CONTACT.message);
    await user.tabTo(is.button('Envoyer le message'), 'to Envoyer le message');
    await user.press('Enter');
    await user.expectFocus(
      (f) => f.tag === 'P' && f.name.startsWith('Message envoyé'),
      'Envoyer: the line saying it is sent',
      { timeout: 30_000 },
    );
    expect(await field(page, 'Nom complet').inputValue()).toBe('');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('signs in, finds, edits, deletes, exports and signs out', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    session = await openSession(browser, 'desktop');
    const { page } = session;
    const user = keyboardUser(page, 'admin');
    await page.goto('/admin/login/');
    await interactive(page, 'form input[name="email"]');

    // A wrong password first: the focus goes back to the password, selected.
    await user.tabTo(is.field(EMAIL_FIELD), 'to E-mail');
    await user.type(ADMIN_EMAIL);
    await user.tabTo(is.field('Mot de passe'), 'to Mot de passe');
    await user.type('pas-le-bon-mot-de-passe');
    await user.press('Enter');
    await page.getByText('Email ou mot de passe incorrect').first().waitFor();
    const afterRefusal = await user.expectFocus(
      is.field('Mot de passe'),
      'wrong password: the password field',
    );
    // Where the focus was lost, the visitor has to find the field again; and to select it.
    if (!is.field('Mot de passe')(afterRefusal)) {
      await user.tabTo(is.field('Mot de passe'), 'back to Mot de passe');
    }
    const selected = await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      return (
        input.value.length > 0 && input.selectionEnd! - input.selectionStart! === input.value.length
      );
    });
    if (!selected) await user.press('Control+A');
    await user.type(ADMIN_PASSWORD); // replaces the wrong one, selected
    await user.press('Enter');
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await user.expectFocus(is.heading('Tableau de bord'), 'Se connecter: the dashboard’s h1');

    // The sidebar comes before the page: back to its "Participants".
    await user.tabTo(is.link('Participants'), 'to the menu’s Participants', { back: true });
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/participants'));
    await user.expectFocus(is.heading('Participants'), 'Participants link: the list’s h1');

    await user.tabTo(is.field('Rechercher'), 'to Rechercher');
    await user.type(TEAM.leader);
    await page.waitForURL((url) => url.searchParams.get('search') === TEAM.leader);
    await page.getByRole('link', { name: `Voir ${TEAM.leader}` }).waitFor();
    await user.tabTo(is.link(`Voir ${TEAM.leader}`), 'to Voir');
    await user.press('Enter');
    await user.expectFocus(is.heading(TEAM.leader), 'Voir: the participant’s h1');

    await user.tabTo(is.button('Modifier'), 'to Modifier');
    await user.press('Enter');
    await user.expectFocus(is.field('Nom complet'), 'Modifier: the form’s first field');
    await user.tabTo(is.field('Ville'), 'to Ville');
    await user.press('Control+A');
    await user.type('Bafoussam');
    await user.tabTo(is.button('Enregistrer'), 'to Enregistrer');
    await user.press('Enter');
    await page.getByText('Participant mis à jour avec succès').first().waitFor();
    await user.expectFocus(is.heading(TEAM.leader), 'Enregistrer: the saved view’s h1');
    await page.getByText('Bafoussam').first().waitFor();

    await user.tabTo(is.button(`Supprimer ${TEAM.leader}`), 'to Supprimer');
    await user.press('Enter');
    await user.expectFocus(is.button('Annuler'), 'Supprimer: the dialog’s Annuler');
    await user.tabTo(is.button('Supprimer'), 'to the dialog’s Supprimer');
    await user.press('Enter');
    await page.waitForURL((url) => /^\/admin\/participants\/?$/.test(url.pathname));
    await user.expectFocus(is.heading('Participants'), 'delete confirmed: the list’s h1');

    // Back on the list as searched, now empty: clear the search and filters.
    await user.tabTo(is.button('Réinitialiser les filtres'), 'to Réinitialiser les filtres');
    await user.press('Enter');
    await user.expectFocus(is.field('Rechercher'), 'Réinitialiser: the search box');

    const exportCsv = page.getByRole('button', { name: 'Exporter CSV' });
    await expect.poll(() => exportCsv.isEnabled(), { timeout: 15_000 }).toBe(true);
    await user.tabTo(is.button('Exporter CSV'), 'to Exporter CSV', { back: true });
    const download = page.waitForEvent('download');
    await user.press('Enter');
    await download;
    await page.getByText('Données exportées avec succès').first().waitFor();
    await user.expectFocus(is.button('Exporter CSV'), 'export: still on its button');

    await user.tabTo(is.button('Déconnexion'), 'to Déconnexion', { back: true });
    await user.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/login'));
    await user.expectFocus(is.heading('Connexion Administrateur'), 'Déconnexion: the login’s h1');

    report(user);
    expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
    expect(
      user.explained('misplaced'),
      'steps that left the focus elsewhere than the result',
    ).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});

describe('the administration’s drawer on a phone', () => {
  it('is modal: focus inside, the rest inert, Escape and its close button back to Menu', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const browser = await launchChromium();
    try {
      const { page } = await openSession(browser, 'phone');
      await page.goto('/admin/login/');
      await field(page, EMAIL).fill(ADMIN_EMAIL);
      await field(page, 'Mot de passe').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
      const user = keyboardUser(page, 'admin drawer (phone)');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.focus();

      await user.press('Enter');
      await user.expectFocus(
        (f) => f.inDrawer && f.tag === 'BUTTON' && f.name === 'Fermer le menu',
        'Menu: the drawer’s close button',
      );
      expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((h) => (h as HTMLElement).inert),
      ).toBe(true);
      // The close button lies wholly inside the drawer.
      const drawerBox = await page.locator('#admin-drawer').boundingBox();
      const closeBox = await page.getByRole('button', { name: 'Fermer le menu' }).boundingBox();
      expect(drawerBox && closeBox).toBeTruthy();
      if (drawerBox && closeBox) {
        expect(closeBox.x).toBeGreaterThanOrEqual(drawerBox.x);
        expect(closeBox.y).toBeGreaterThanOrEqual(drawerBox.y);
        expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(drawerBox.x + drawerBox.width);
      }
      // Tab goes round the drawer: twice its number of controls, never out of it.
      const controls = await page.locator('#admin-drawer').locator('a[href], button').count();
      for (let i = 0; i < controls * 2; i++) {
        await user.press('Tab');
        const now = await user.expectFocus((f) => f.inDrawer, `Tab ${i + 1} inside the drawer`, {
          timeout: 0,
        });
        expect(now.inDrawer, `Tab ${i + 1} left the drawer for ${now.tag} "${now.name}"`).toBe(
          true,
        );
      }
      await user.press('Shift+Tab');
      await user.expectFocus((f) => f.inDrawer, 'Shift+Tab inside the drawer', { timeout: 0 });

      await user.press('Escape');
      await user.expectFocus(is.button('Menu'), 'Escape: back to Menu');
      expect(await page.locator('#admin-drawer').count()).toBe(0);
      expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);

      await user.press('Enter');
      await user.expectFocus((f) => f.name === 'Fermer le menu', 'Menu again: close button');
      await user.press('Enter');
      await user.expectFocus(is.button('Menu'), 'close button: back to Menu');

      // A link of the drawer: the drawer closes and the new page's h1 gets the focus.
      await user.press('Enter');
      await user.tabTo(is.link('Statistiques'), 'to the drawer’s Statistiques');
      await user.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/admin/stats'));
      await user.expectFocus(is.heading('Statistiques'), 'Statistiques: the page’s h1');

      report(user);
      expect(user.explained('lost'), 'steps that left the focus on <body>').toEqual([]);
      expect(
        user.explained('misplaced'),
        'steps that left the focus elsewhere than expected',
      ).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
