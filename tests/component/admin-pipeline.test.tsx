import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { currentUrl, renderAdmin, signInAsAdmin } from './admin-render';

/**
 * The contest pipeline on the participants list, against the real database: the status column
 * and its filters in the URL, a selection ("Tout sélectionner") changed in one call (status,
 * then an audition slot in Douala's time), the prepared WhatsApp convocation and its
 * "notifié le …"; a reader sees the statuses and changes nothing.
 */
const backend = testBackend();
const AWA = 'f1000000-0000-4000-8000-000000000001';
const PAUL = 'f1000000-0000-4000-8000-000000000002';
const INES = 'f1000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, agree_to_terms, created_at, status, audition_city, audition_at)
    values ('${AWA}', 'Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral', 'dance',
              'team', 'Les Lions', true, now() - interval '2 hours', 'inscrit', null, null),
           ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre', 'singing',
              'solo', null, true, now() - interval '1 hour', 'inscrit', null, null),
           ('${INES}', 'Inès Biya', 'ines@example.cm', '690000003', 'Garoua', 'Nord', 'singing',
              'solo', null, true, now(), 'finaliste', 'Garoua', '2030-07-10 10:00+01');
    insert into team_members (participant_id, position, full_name, phone)
    values ('${AWA}', 1, 'Jean Kamga', '691000001');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

// A wa.me link opens a new tab: jsdom cannot navigate, the click's own handler still runs.
const stopNavigation = (e: MouseEvent) => {
  if (e.target instanceof HTMLAnchorElement && e.target.target === '_blank') e.preventDefault();
};
beforeEach(() => window.addEventListener('click', stopNavigation, true));
afterEach(() => window.removeEventListener('click', stopNavigation, true));

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const toolbar = () => screen.getByRole('region', { name: 'Actions sur la sélection' });
const statuses = async () =>
  Object.fromEntries(
    (
      await backend.sql<{ full_name: string; status: string }>(
        `select full_name, status from participants order by full_name`,
      )
    ).map((r) => [r.full_name, r.status]),
  );

describe('pipeline on the participants list', () => {
  it('shows each status (and slot) and filters by status and audition city in the URL', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    expect(await screen.findByText('3 participants')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Statut' })).toBeVisible();
    expect(within(rowOf('Awa Ngono')).getByText('Inscrit')).toBeVisible();
    expect(within(rowOf('Inès Biya')).getByText('Finaliste')).toBeVisible();
    // The row's slot without its weekday (a row stays on two short lines), whole in its title.
    expect(rowOf('Inès Biya')).toHaveTextContent(/Garoua, 10\sjuillet à 10\sh/);
    expect(
      within(rowOf('Inès Biya')).getByTitle(/^Garoua, \w+ 10\sjuillet à 10\sh$/),
    ).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Finaliste');
    await waitFor(() => expect(currentUrl()).toBe('/admin/participants?status=finaliste'));
    expect(await screen.findByText('1 participant')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Tous les statuts');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ville d’audition' }), 'Douala');
    await waitFor(() => expect(currentUrl()).toBe('/admin/participants?auditionCity=Douala'));
    expect(
      await screen.findByText('Aucun participant ne correspond à votre recherche'),
    ).toBeVisible();
  });

  it('changes the status of the selection in one call, with its history and one journal row', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('3 participants');
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Awa Ngono' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Paul Etoa' }));
    expect(within(toolbar()).getByText('2 participants sélectionnés')).toBeVisible();
    const all = within(toolbar()).getByRole('checkbox', { name: /Tout sélectionner/ });
    expect(all).toHaveProperty('indeterminate', true);

    await user.selectOptions(
      within(toolbar()).getByRole('combobox', { name: 'Nouveau statut' }),
      'Présélectionné',
    );
    await user.click(within(toolbar()).getByRole('button', { name: 'Appliquer le statut' }));
    expect(
      await screen.findByText('Statut « Présélectionné » appliqué à 2 participants'),
    ).toBeVisible();
    expect(await statuses()).toEqual({
      'Awa Ngono': 'preselectionne',
      'Inès Biya': 'finaliste',
      'Paul Etoa': 'preselectionne',
    });
    await waitFor(() =>
      expect(within(rowOf('Paul Etoa')).getByText('Présélectionné')).toBeVisible(),
    );
    expect(
      await backend.sql(
        `select from_status, to_status, actor_email from participant_status_history
          where participant_id = $1`,
        [AWA],
      ),
    ).toEqual([
      { from_status: 'inscrit', to_status: 'preselectionne', actor_email: 'chef@example.cm' },
    ]);
    expect(await backend.sql(`select action, summary from audit_log`)).toEqual([
      { action: 'participant.status', summary: 'Statut « présélectionné » pour 2 participants' },
    ]);

    // "Tout sélectionner": every row of the page, then none.
    await user.click(all);
    expect(within(toolbar()).getByText('3 participants sélectionnés')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Inès Biya' })).toBeChecked();
    await user.click(all);
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Inès Biya' })).not.toBeChecked();
  });

  it('assigns an audition slot (Douala time) and prepares each WhatsApp convocation', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('3 participants');
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Awa Ngono' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner Paul Etoa' }));
    const slot = within(toolbar()).getByRole('form', {
      name: 'Attribuer un créneau à la sélection',
    });
    await user.click(within(slot).getByRole('button', { name: 'Attribuer le créneau' }));
    expect(within(slot).getByRole('alert')).toHaveTextContent(
      'Choisissez la ville, la date et l’heure de l’audition.',
    );
    await user.selectOptions(within(slot).getByRole('combobox', { name: 'Ville' }), 'Douala');
    fireEvent.change(within(slot).getByLabelText(/^Date de l’audition/), {
      target: { value: '2030-07-12' },
    });
    fireEvent.change(within(slot).getByLabelText(/^Heure \(Douala\)/), {
      target: { value: '14:30' },
    });
    await user.click(within(slot).getByRole('button', { name: 'Attribuer le créneau' }));
    expect(
      await screen.findByText(
        // The slot convoked both (they were "Inscrit"): the toast says so (issue 27).
        /^Créneau attribué à 2 participants : Douala, \w+ 12\sjuillet 2030 à 14\sh\s30\s; 2 participants passent au statut « Convoqué »$/,
      ),
    ).toBeVisible();
    expect(
      await backend.sql(
        `select full_name, status, audition_city,
                to_char(audition_at at time zone 'Africa/Douala', 'YYYY-MM-DD HH24:MI') at
           from participants where audition_city = 'Douala' order by full_name`,
      ),
    ).toEqual([
      {
        full_name: 'Awa Ngono',
        status: 'convoque',
        audition_city: 'Douala',
        at: '2030-07-12 14:30',
      },
      {
        full_name: 'Paul Etoa',
        status: 'convoque',
        audition_city: 'Douala',
        at: '2030-07-12 14:30',
      },
    ]);
    await waitFor(() => expect(within(rowOf('Awa Ngono')).getByText('Convoqué')).toBeVisible());

    await user.click(within(toolbar()).getByRole('button', { name: 'Préparer les convocations' }));
    const convocations = within(toolbar()).getByRole('list', { name: 'Convocations' });
    const link = within(convocations).getByRole('link', {
      name: 'Convoquer Awa Ngono sur WhatsApp (nouvel onglet)',
    });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/237690000001');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toMatch(/^Bonjour Awa Ngono \(équipe Les Lions\),/);
    expect(text).toMatch(/à Douala, le \w+ 12\sjuillet 2030 à 14\sh\s30 \(heure de Douala\)/);
    expect(text).toContain('Adresse\u00a0: Institut français du Cameroun');
    expect(within(convocations).getAllByText('Pas encore notifié')).toHaveLength(2);

    await user.click(link);
    expect(
      await screen.findByText('Convocation de Awa Ngono enregistrée comme envoyée'),
    ).toBeVisible();
    expect(await within(convocations).findByText(/^Notifié le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const [notified] = await backend.sql<{ n: boolean }>(
      `select notified_at is not null n from participants where id = $1`,
      [AWA],
    );
    expect(notified.n).toBe(true);
    expect(await backend.sql(`select action, summary from audit_log order by id`)).toEqual([
      {
        action: 'participant.slot',
        summary: 'Audition à Douala le 12/07/2030 à 14 h 30 pour 2 participants',
      },
      {
        action: 'participant.notified',
        summary: 'Convocation envoyée par WhatsApp à 1 participant',
      },
    ]);
  });

  it('gives a reader (lecteur) the statuses, masked contacts, and no selection', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/participants');
    expect(await screen.findByText('3 participants')).toBeVisible();
    expect(within(rowOf('Inès Biya')).getByText('Finaliste')).toBeVisible();
    expect(rowOf('Paul Etoa')).toHaveTextContent('6•• •• •• 02');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions sur la sélection' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Exporter/ })).toBeNull();
  });
});
