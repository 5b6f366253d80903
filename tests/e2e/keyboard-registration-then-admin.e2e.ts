/**
 * Two journeys of issue 15 with the keyboard alone, at desktop size, on the built site and its
 * embedded backend, in this order: a team registration (/inscription → /success), then the
 * administration finds that team (sign-in with a wrong password first → search → Voir → Modifier
 * → Enregistrer → delete → "Réinitialiser les filtres" → export → Déconnexion).
 *
 * After every key press and every action, the focus must not be on <body> (where a keyboard
 * user loses their place), and after an action it must be where the result is. The key presses
 * are counted per journey, printed as a table and written to test-artifacts/keyboard-journeys.json
 * (support/keyboard-journeys.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  screenshot,
  type Session,
} from './support/browser';
import { is } from './support/keyboard';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  TEAM,
  reportKeyPressesAfterAll,
  interactive,
  field,
  EMAIL_FIELD,
  keyboardUser,
  report,
} from './support/keyboard-journeys';

reportKeyPressesAfterAll();

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
