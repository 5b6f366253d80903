import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * Retention in "Paramètres", against the real database: the purge date (after the concert and
 * the registrations), then "Purger les données personnelles", confirmed with what goes and what
 * stays, and the counts shown after (and written to the journal).
 */
const backend = testBackend();
const LAUREATE = 'f4000000-0000-4000-8000-000000000001';
const OTHER = 'f4000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

beforeEach(async () => {
  await backend.setEdition({
    concert_starts_at: '2030-05-18 16:00+01',
    doors_open_at: '2030-05-18 14:00+01',
    reservations_open_at: '2030-03-01 00:00+01',
    reservations_close_at: null,
  });
  await backend.sql(`begin;
    delete from audit_log;
    update edition_settings set personal_data_purge_at = null;
    update contest_settings set registration_opens_at = '2030-01-01 00:00+01',
      registration_closes_at = '2030-02-28 23:59+01';
    commit;`);
});

const purgeField = () => screen.getByLabelText(/^Purge des données personnelles à partir du/);

describe('retention', () => {
  it('saves the purge date, which must follow the concert and the registrations', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    expect(await screen.findByLabelText(/^Purge des données personnelles à partir du/)).toHaveValue(
      '',
    );
    const purge = screen.getByRole('button', { name: 'Purger les données personnelles' });
    expect(purge).toHaveAttribute('aria-disabled', 'true');
    expect(purge).toHaveAccessibleDescription(
      fr('Aucune date de purge n’est fixée : choisissez-la ci-dessus et enregistrez.'),
    );

    fireEvent.change(purgeField(), { target: { value: '2030-05-18' } });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(purgeField()).toHaveAccessibleDescription(
      /La purge des données personnelles doit suivre le concert et la clôture des inscriptions\./,
    );

    fireEvent.change(purgeField(), { target: { value: '2030-11-30' } });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText('Paramètres enregistrés')).toBeVisible();
    expect(screen.getByText('Possible à partir du 30/11/2030.')).toBeVisible();
    expect(
      await backend.sql(`select personal_data_purge_at::text d from edition_settings`),
    ).toEqual([{ d: '2030-11-30' }]);
    expect(await backend.sql(`select action, summary from audit_log`)).toEqual([
      {
        action: 'settings.update',
        summary: 'Paramètres modifiés : date de purge des données personnelles',
      },
    ]);
  });

  it('purges after the date, confirmed first, and shows the counts', async () => {
    // The edition is over: concert and registrations in the past, purge date reached.
    await backend.setEdition({
      concert_starts_at: '2025-04-26 16:00+01',
      doors_open_at: '2025-04-26 14:00+01',
      reservations_open_at: '2025-03-01 00:00+01',
    });
    await backend.sql(`begin;
      update contest_settings set registration_opens_at = '2025-01-01 00:00+01',
        registration_closes_at = '2025-02-28 23:59+01';
      update edition_settings set personal_data_purge_at = '2025-05-01';
      delete from participants;
      delete from contact_messages;
      insert into participants (id, full_name, email, phone, city, region, category,
        participation_type, agree_to_terms, status)
      values ('${LAUREATE}', 'Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral',
                'dance', 'solo', true, 'laureat'),
             ('${OTHER}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre',
                'singing', 'solo', true, 'refuse');
      insert into contact_messages (name, email, subject, message)
      values ('Marie Fouda', 'marie@example.cm', 'Partenariat', 'Nous voulons sponsoriser.');
      commit;`);
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    const purge = await screen.findByRole('button', { name: 'Purger les données personnelles' });
    expect(purge).not.toHaveAttribute('aria-disabled');
    expect(purge).toHaveAccessibleDescription('Date de purge atteinte (01/05/2025).');
    await user.click(purge);
    const dialog = screen.getByRole('alertdialog', {
      name: fr('Purger les données personnelles ?'),
    });
    expect(dialog).toHaveTextContent(/participants non lauréats/);
    expect(dialog).toHaveTextContent(/toutes les réservations/);
    expect(dialog).toHaveTextContent(/tous les messages de contact/);
    expect(dialog).toHaveTextContent(/Seront conservées : les inscriptions des lauréats/);
    await user.click(within(dialog).getByRole('button', { name: 'Purger définitivement' }));

    expect(await screen.findByText('Données personnelles purgées')).toBeVisible();
    const result = screen.getByRole('status', { name: 'Résultat de la purge' });
    expect(definitionOf('Participants supprimés', result)).toHaveTextContent('1');
    expect(definitionOf('Messages supprimés', result)).toHaveTextContent('1');
    expect(definitionOf('Lauréats conservés', result)).toHaveTextContent('1');
    expect(await backend.sql(`select full_name from participants`)).toEqual([
      { full_name: 'Awa Ngono' },
    ]);
    const [row] = await backend.sql<{ action: string; after: Record<string, number> }>(
      `select action, after from audit_log where action = 'retention.purge'`,
    );
    expect(row.after).toMatchObject({ participants: 1, contact_messages: 1, laureates_kept: 1 });
  });
});
