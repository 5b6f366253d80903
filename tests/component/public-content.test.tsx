/**
 * The public pages' true content (issue 14): the home page follows the organisers' settings
 * (registration open, closed or complet; the concert's places, waitlist or passé), the contacts
 * are the settings' everywhere, the rules page and its link from the registration checkbox, the
 * recap after registering, and an unknown path inside the site's header and footer.
 * The home page: public-content-home.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { EDITION } from '@/config/edition';
import {
  backend,
  SLOW,
  setWindow,
  preloadPagesAndResetEdition,
  renderAt,
} from './support/public-content';

preloadPagesAndResetEdition();

describe('contacts from the settings, the same everywhere', () => {
  it('the footer, the contact page, the FAQ and the error page call, WhatsApp and mail the settings’ contacts', async () => {
    await backend.setEdition({ contact_phone: '677001122', contact_email: 'bonjour@booster.cm' });
    const expectContacts = async (scope: HTMLElement) => {
      expect(
        await within(scope).findByRole(
          'link',
          { name: '+237\u00a06\u00a077\u00a000\u00a011\u00a022' },
          SLOW,
        ),
      ).toHaveAttribute('href', 'tel:+237677001122');
      expect(within(scope).getByRole('link', { name: /Écrire sur WhatsApp/ })).toHaveAttribute(
        'href',
        'https://wa.me/237677001122',
      );
      expect(within(scope).getByRole('link', { name: 'bonjour@booster.cm' })).toHaveAttribute(
        'href',
        'mailto:bonjour@booster.cm',
      );
    };
    const { unmount } = renderAt('/contact');
    await expectContacts(screen.getByRole('contentinfo'));
    await expectContacts(screen.getByRole('main'));
    expect(document.body).not.toHaveTextContent(/6XX|support@/);
    unmount();

    renderAt('/page-inconnue');
    await expectContacts(await screen.findByRole('main', {}, SLOW));
  });
});

describe('the rules', () => {
  it('/reglement states the contest’s rules from the edition’s facts and the settings’ window', async () => {
    await setWindow(`registration_opens_at = '2026-06-15 08:00+01',
      registration_closes_at = '2026-07-30 23:59+01', final_city = 'Kribi', final_on = '2026-09-19'`);
    renderAt('/reglement');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Règlement du Booster Challenge 2026' },
        SLOW,
      ),
    ).toBeVisible();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(`au moins ${EDITION.minimumAge} ans`);
    expect(main).toHaveTextContent(`de ${EDITION.team.min} à ${EDITION.team.max} personnes`);
    expect(main).toHaveTextContent(`dépasser ${EDITION.auditionMaxMinutes} minutes`);
    // The registration window, the final and the year are the settings' (ADR 024).
    expect(
      await within(main).findByText(/ouvertes du 15 juin 2026 au 30 juillet 2026\./),
    ).toBeVisible();
    expect(main).toHaveTextContent('Danse et Chant');
    for (const city of EDITION.auditionCities) expect(main).toHaveTextContent(city);
    for (const prize of EDITION.prizes) expect(main).toHaveTextContent(prize.amount);
    expect(main).toHaveTextContent('Elle a lieu à Kribi en septembre 2026.');
    // In the header and the footer.
    expect(screen.getByRole('navigation', { name: 'Liens utiles' })).toContainElement(
      screen.getByRole('link', { name: 'Règlement du concours' }),
    );
  });
});

const findForm = () => screen.findByRole('form', { name: 'Formulaire d’inscription' }, SLOW);

async function fill(user: UserEvent, label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('registration: the rules link, then the recap on /success', () => {
  it('links "le règlement" from the checkbox in a new tab, then recaps the team and its reference', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/inscription');
    await findForm();
    const checkbox = screen.getByRole('checkbox', { name: /^J'accepte le règlement du Booster/ });
    const rules = screen.getByRole('link', { name: 'le règlement' });
    expect(rules).toHaveAttribute('href', '/reglement');
    expect(rules).toHaveAttribute('target', '_blank');
    expect(rules).toHaveAccessibleDescription('s’ouvre dans un nouvel onglet');

    await user.click(screen.getByRole('radio', { name: /Chant/ }));
    await user.click(screen.getByRole('radio', { name: /Équipe/ }));
    await fill(user, 'Nom complet *', 'Awa Ngono');
    await fill(user, 'E-mail *', 'awa@example.cm');
    await fill(user, 'Téléphone *', '690000001');
    await fill(user, 'Ville *', 'Douala');
    await user.selectOptions(screen.getByLabelText('Région *'), 'Littoral');
    await fill(user, 'Nom de l’équipe *', 'Les Lions');
    await fill(user, 'Nom complet du membre 1 *', 'Paul Eto');
    await fill(user, 'Téléphone du membre 1 *', '670000001');
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Valider mon inscription' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscription réussie !' }, SLOW),
    ).toBeVisible();
    const recap = screen.getByRole('region', { name: 'Votre inscription' });
    const [{ id }] = await backend.sql<{ id: string }>(
      `select id from participants where email = 'awa@example.cm'`,
    );
    expect(within(recap).getByText(id.slice(0, 8).toUpperCase())).toBeVisible();
    expect(
      within(recap)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Responsable', 'Awa Ngono'],
      ['Catégorie', 'Chant'],
      ['Mode', 'Équipe'],
      ['Équipe', 'Les Lions'],
      ['Membres', 'Paul Eto'],
    ]);
    expect(within(within(recap).getByRole('list')).getByRole('listitem')).toHaveTextContent(
      'Paul Eto',
    );
    // The specification's content is still there.
    expect(screen.getByRole('heading', { name: 'Prochaines étapes' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Partager sur WhatsApp/ })).toBeVisible();
  });

  it('/success opened directly: the specification’s page only, no recap', async () => {
    renderAt('/success');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscription réussie !' }, SLOW),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Votre inscription' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});

describe('an unknown path', () => {
  it('shows the specification’s error page inside the header and footer, with the main pages', async () => {
    renderAt('/cette-page-n-existe-pas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Une erreur est survenue' }, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    expect(screen.getByRole('contentinfo')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Cette page n’existe pas');
    expect(screen.getByText('Navigateur :')).toBeVisible();
    expect(screen.getByText(window.location.href)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Pages principales' });
    for (const [name, href] of [
      ['Inscription au challenge', '/inscription'],
      ['Night Party', '/night-party'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
    ])
      expect(within(pages).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Retour à l’accueil' }),
    ).toHaveAttribute('href', '/');
  });

  it('the header and the mobile menu have the FAQ and the concert label of the specification', async () => {
    const user = userEvent.setup();
    renderAt('/faq');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu mobile' });
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    const concertLinks = (navigation: HTMLElement) =>
      within(navigation)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href') === '/night-party')
        .map((a) => a.textContent);
    // The header and its mobile menu: the specification's public layout, word for word.
    for (const navigation of [nav, menu])
      expect(concertLinks(navigation)).toEqual(['Pré-inscription Concert']);
    // The footer's useful links name the concert, as the specification's footer does.
    expect(concertLinks(screen.getByRole('navigation', { name: 'Liens utiles' }))).toEqual([
      'Night Party',
    ]);
  });
});
