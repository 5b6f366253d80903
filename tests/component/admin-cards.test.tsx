import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { testBackend } from '../setup/test-backend';
import { fr } from '../setup/french';

/**
 * The administration on a phone (issue 13, item 7): below 640 px the lists are cards (the name as
 * a heading, its actions beside it, the key facts under it); phones are tap-to-call and WhatsApp
 * links named after their owner; destructive dialogs name the person. The code reads the width
 * from matchMedia, or (jsdom has none) from window.innerWidth and the resize event.
 */
const backend = testBackend();
const TEAM = 'd1000000-0000-4000-8000-000000000001';
const SOLO = 'd1000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, agree_to_terms, created_at)
    values ('${TEAM}', 'Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral', 'dance',
              'team', 'Les Lions', true, now() - interval '1 hour'),
           ('${SOLO}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre', 'singing',
              'solo', null, true, now());
    insert into team_members (participant_id, position, full_name, phone)
    values ('${TEAM}', 1, 'Jean Kamga', '691000001');
    insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state, cancelled_at, created_at)
    values ('Jean Mbarga', '677000001', 'Douala', 'social', 'none', 'yes', 'yes', 'confirmed',
              null, now()),
           ('Inès Biya', '677000002', 'Yaoundé', 'flyer', 'none', 'no', 'no', 'cancelled',
              now(), now() - interval '1 hour');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

function setScreenWidth(px: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => setScreenWidth(1024));

const card = (name: string) => screen.getByRole('article', { name });

describe('participants on a phone', () => {
  it('shows one card per participant, the actions beside the name, and sorts without headers', async () => {
    setScreenWidth(360);
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('2 participants');
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('region', { name: 'Liste des participants' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const awa = card('Awa Ngono');
    expect(within(awa).getByRole('heading', { level: 3, name: 'Awa Ngono' })).toBeVisible();
    // The actions beside the name, named after it (the first focusable elements of the card).
    const header = within(awa).getByRole('group', { name: fr('Actions : Awa Ngono') });
    expect(within(header).getByRole('link', { name: 'Voir Awa Ngono' })).toHaveAttribute(
      'href',
      `/admin/participants/${TEAM}`,
    );
    expect(within(header).getByRole('button', { name: 'Supprimer Awa Ngono' })).toBeVisible();
    expect(definitionOf('Équipe', awa)).toHaveTextContent('Les Lions');
    expect(definitionOf('Catégorie', awa)).toHaveTextContent('Danse · Équipe');
    expect(definitionOf('Région', awa)).toHaveTextContent('Littoral');
    // A solo participant's card has no team line.
    expect(within(card('Paul Etoa')).queryByText('Équipe')).toBeNull();

    // Keyboard: the name's actions, then the card's phone links, in reading order.
    within(header).getByRole('link', { name: 'Voir Awa Ngono' }).focus();
    await user.tab();
    expect(within(header).getByRole('button', { name: 'Supprimer Awa Ngono' })).toHaveFocus();
    await user.tab();
    expect(within(awa).getByRole('link', { name: /^Appeler Awa Ngono/ })).toHaveFocus();

    // Newest first, then by name (the table's header sort, as buttons).
    const names = () =>
      within(screen.getByRole('region', { name: 'Liste des participants' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(names()).toEqual(['Paul Etoa', 'Awa Ngono']);
    const sortBy = screen.getByRole('group', { name: 'Trier par' });
    expect(within(sortBy).getByRole('button', { name: /^Date/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(sortBy).getByRole('button', { name: /^Nom/ }));
    await waitFor(() => expect(names()).toEqual(['Awa Ngono', 'Paul Etoa']));
    expect(currentUrl()).toBe('/admin/participants?sort=name');
    expect(within(sortBy).getByRole('button', { name: /^Nom.*croissant/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('makes phones tap-to-call and WhatsApp links naming their owner', async () => {
    setScreenWidth(360);
    renderAdmin('/admin/participants');
    const call = await screen.findByRole('link', { name: 'Appeler Awa Ngono au 6 90 00 00 01' });
    expect(call).toHaveAttribute('href', 'tel:+237690000001');
    expect(call).toHaveTextContent('6 90 00 00 01');
    const whatsapp = screen.getByRole('link', {
      name: 'Écrire à Awa Ngono sur WhatsApp (nouvel onglet)',
    });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/237690000001');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(definitionOf('Téléphone', card('Awa Ngono'))).toContainElement(whatsapp);
  });

  it('names the person in the delete dialog, and returns focus when cancelled', async () => {
    setScreenWidth(360);
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    const remove = await screen.findByRole('button', { name: 'Supprimer Awa Ngono' });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer Awa Ngono' });
    // The specification's question, and what goes with a team's registration.
    expect(dialog).toHaveAccessibleDescription(
      'Êtes-vous sûr de vouloir supprimer ce participant ? L’équipe «\u00a0Les Lions\u00a0» et son autre membre sont supprimés avec l’inscription.',
    );
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).toHaveFocus();
  });

  it('keeps the table from 640 px, with the same phone links, and follows a resize', async () => {
    renderAdmin('/admin/participants');
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('article')).toBeNull();
    expect(
      within(table).getByRole('link', { name: 'Appeler Paul Etoa au 6 90 00 00 02' }),
    ).toHaveAttribute('href', 'tel:+237690000002');
    expect(
      within(table).getByRole('link', { name: 'Écrire à Paul Etoa sur WhatsApp (nouvel onglet)' }),
    ).toHaveAttribute('href', 'https://wa.me/237690000002');

    setScreenWidth(639);
    expect(screen.queryByRole('table')).toBeNull();
    expect(card('Paul Etoa')).toBeVisible();
    setScreenWidth(640);
    expect(screen.getByRole('table')).toBeVisible();
  });
});

describe('reservations on a phone', () => {
  it('shows cards with the actions beside the name and a cancel dialog naming the person', async () => {
    setScreenWidth(360);
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('2 réservations');
    expect(screen.queryByRole('table')).toBeNull();

    const jean = card('Jean Mbarga');
    expect(within(jean).getByRole('heading', { level: 3, name: 'Jean Mbarga' })).toBeVisible();
    const header = within(jean).getByRole('group', { name: fr('Actions : Jean Mbarga') });
    expect(
      within(header).getByRole('button', { name: 'Valider l’entrée de Jean Mbarga' }),
    ).toBeVisible();
    const cancel = within(header).getByRole('button', {
      name: 'Annuler la réservation de Jean Mbarga',
    });
    expect(definitionOf('Pass', jean)).toHaveTextContent('Confirmé');
    expect(
      within(jean).getByRole('link', { name: 'Appeler Jean Mbarga au 6 77 00 00 01' }),
    ).toHaveAttribute('href', 'tel:+237677000001');
    expect(
      within(jean).getByRole('link', { name: 'Voir le pass de Jean Mbarga (nouvel onglet)' }),
    ).toBeVisible();
    // A cancelled place has nothing left to do: no action beside its name.
    expect(within(card('Inès Biya')).queryByRole('button')).toBeNull();
    expect(definitionOf('Pass', card('Inès Biya'))).toHaveTextContent('Annulé');

    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', {
      name: fr('Annuler la réservation de Jean Mbarga ?'),
    });
    expect(dialog).toHaveAccessibleDescription(
      /^Le pass de Jean Mbarga ne permettra plus d’entrer/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Garder la réservation' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe("a participant's page", () => {
  it('links every phone, the leader’s and each member’s, to a call and to WhatsApp', async () => {
    renderAdmin(`/admin/participants/${TEAM}`);
    expect(
      await screen.findByRole('link', { name: 'Appeler Awa Ngono au 6 90 00 00 01' }),
    ).toHaveAttribute('href', 'tel:+237690000001');
    expect(
      screen.getByRole('link', { name: 'Appeler Jean Kamga au 6 91 00 00 01' }),
    ).toHaveAttribute('href', 'tel:+237691000001');
    expect(
      screen.getByRole('link', { name: 'Écrire à Jean Kamga sur WhatsApp (nouvel onglet)' }),
    ).toHaveAttribute('href', 'https://wa.me/237691000001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Awa Ngono' }));
    expect(screen.getByRole('alertdialog', { name: 'Supprimer Awa Ngono' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  });
});
