import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDouala } from '@/lib/douala-input';
import { runsAtIfRequestedNow } from '@/features/admin/settings/RetentionPanel';
import { testBackend } from '../setup/test-backend';
import { definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * Retention in "Paramètres" and the banner of every admin page, against the real database
 * (docs/decisions/018-scheduled-purge-and-journal.md): the purge date (30 days after the concert
 * and the registrations), then "Programmer la purge", confirmed with the moment it will run and
 * the fact that any admin can cancel it; the banner on every page, "Annuler la purge" by another
 * admin, the sentence without the button for a reader; "Purger maintenant" once it is due, and
 * the counts shown after (and written to the journal).
 */
const backend = testBackend();
const LAUREATE = 'f4000000-0000-4000-8000-000000000001';
const OTHER = 'f4000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('adjoint@example.cm', 'adjoint-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
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
    delete from private.purge_requests;
    update edition_settings set personal_data_purge_at = null;
    update contest_settings set registration_opens_at = '2030-01-01 00:00+01',
      registration_closes_at = '2030-02-28 23:59+01';
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const purgeField = () => screen.getByLabelText(/^Purge des données personnelles à partir du/);
const banner = () =>
  screen.queryByRole('region', { name: 'Purge des données personnelles programmée' });

/** The edition is over: concert and registrations in the past, purge date reached. */
async function editionOver() {
  await backend.setEdition({
    concert_starts_at: '2025-04-26 16:00+01',
    doors_open_at: '2025-04-26 14:00+01',
    reservations_open_at: '2025-03-01 00:00+01',
  });
  await backend.sql(`begin;
    update contest_settings set registration_opens_at = '2025-01-01 00:00+01',
      registration_closes_at = '2025-02-28 23:59+01';
    update edition_settings set personal_data_purge_at = '2025-06-01';
    commit;`);
}

describe('retention', () => {
  it('saves the purge date, which must come 30 days after the concert and the registrations', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    expect(await screen.findByLabelText(/^Purge des données personnelles à partir du/)).toHaveValue(
      '',
    );
    const request = await screen.findByRole('button', { name: 'Programmer la purge' });
    expect(request).toHaveAttribute('aria-disabled', 'true');
    expect(request).toHaveAccessibleDescription(
      fr('Aucune date de purge n’est fixée : choisissez-la ci-dessus et enregistrez.'),
    );
    // The rules are said before anything is asked.
    const panel = within(screen.getByRole('region', { name: 'Purger les données personnelles' }));
    expect(
      panel.getByText(/au moins 30 jours après le concert et la clôture des inscriptions\.$/),
    ).toBeVisible();
    expect(panel.getByText(/au plus tôt 7 jours après la demande/)).toBeVisible();
    expect(panel.getByText(/chaque administrateur la voit .* et peut l’annuler\./)).toBeVisible();

    // The day after the concert, then 29 days after: refused on the field.
    for (const early of ['2030-05-19', '2030-06-16']) {
      fireEvent.change(purgeField(), { target: { value: early } });
      await user.click(await screen.findByRole('button', { name: 'Enregistrer les paramètres' }));
      expect(purgeField()).toHaveAccessibleDescription(
        /La purge des données personnelles doit venir au moins 30 jours après le concert et la clôture des inscriptions\./,
      );
    }

    fireEvent.change(purgeField(), { target: { value: '2030-11-30' } });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText('Paramètres enregistrés')).toBeVisible();
    expect(
      await screen.findByText('Aucune purge n’est programmée. Date de purge : 30/11/2030.'),
    ).toBeVisible();
    expect(
      await backend.sql(`select personal_data_purge_at::text d from edition_settings`),
    ).toEqual([{ d: '2030-11-30' }]);
    expect(await backend.sql(`select action, summary from audit_log`)).toEqual([
      {
        action: 'settings.update',
        summary: 'Paramètres modifiés : date de purge des données personnelles',
      },
    ]);
  });

  it('schedules the purge: the dialog says when and that any admin can cancel; the banner shows on every page', async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = '2030-11-30'`);
    const user = userEvent.setup();
    const view = renderAdmin('/admin/parametres');
    expect(
      await screen.findByText('Aucune purge n’est programmée. Date de purge : 30/11/2030.'),
    ).toBeVisible();
    expect(banner()).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Programmer la purge' }));
    const dialog = screen.getByRole('alertdialog', {
      name: fr('Programmer la purge des données personnelles ?'),
    });
    // The purge date is later than 7 days from now: it runs from that day, midnight in Douala.
    const when = formatDouala(runsAtIfRequestedNow('2030-11-30'));
    expect(when).toBe('samedi 30\u00a0novembre 2030 à 0\u00a0h');
    expect(dialog).toHaveTextContent(
      `La purge s’exécutera à partir du ${when.replace(/\s/g, ' ')} (heure de Douala).`,
    );
    expect(dialog).toHaveTextContent(/tout administrateur la verra .* et pourra l’annuler\./);
    expect(dialog).toHaveTextContent(/participants non lauréats/);
    await user.click(within(dialog).getByRole('button', { name: 'Programmer la purge' }));

    expect(
      await screen.findByText(`Purge programmée à partir du ${when.replace(/\s/g, ' ')}`),
    ).toBeVisible();
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()).toHaveTextContent(
      `Elle s’exécutera à partir du ${when.replace(/\s/g, ' ')} (heure de Douala). Tout administrateur peut l’annuler d’ici là. Demandée par chef@example.cm.`,
    );
    // "Purger maintenant" waits for its time.
    expect(screen.getByRole('button', { name: 'Purger maintenant' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    view.unmount();

    // Another page, another admin: the banner is there, and that admin cancels it.
    await signInAsAdmin('adjoint@example.cm', 'adjoint-password-123');
    renderAdmin('/admin/participants');
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()).toHaveTextContent(/Demandée par chef@example\.cm\./);
    await user.click(within(banner()!).getByRole('button', { name: 'Annuler la purge' }));
    expect(await screen.findByText('Purge des données personnelles annulée')).toBeVisible();
    await waitFor(() => expect(banner()).toBeNull());
    expect(await backend.sql(`select action, actor_email from audit_log order by id`)).toEqual([
      { action: 'retention.request', actor_email: 'chef@example.cm' },
      { action: 'retention.cancel', actor_email: 'adjoint@example.cm' },
    ]);
  });

  it('a reader sees the banner, without the button', async () => {
    await backend.sql(`begin;
      update edition_settings set personal_data_purge_at = '2030-11-30';
      insert into private.purge_requests (requested_by_email) values ('chef@example.cm');
      commit;`);
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin');
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()).toHaveTextContent(/Elle s’exécutera à partir du samedi 30 novembre 2030/);
    expect(within(banner()!).queryByRole('button')).toBeNull();
  });

  it('"Purger maintenant" once due, confirmed first, shows the counts', async () => {
    await editionOver();
    await backend.sql(`begin;
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
      -- Requested 8 days ago (the delay has passed).
      insert into private.purge_requests (requested_at, requested_by_email)
      values (now() - interval '8 days', 'adjoint@example.cm');
      commit;`);
    const user = userEvent.setup();
    renderAdmin('/admin/parametres');
    const purge = await screen.findByRole('button', { name: 'Purger maintenant' });
    expect(purge).not.toHaveAttribute('aria-disabled');
    expect(purge).toHaveAccessibleDescription(/^Purge programmée\s: son heure est venue/);
    await waitFor(() => expect(banner()).toHaveTextContent(/Son heure est venue/));
    await user.click(purge);
    const dialog = screen.getByRole('alertdialog', {
      name: fr('Purger les données personnelles ?'),
    });
    expect(dialog).toHaveTextContent(/participants non lauréats/);
    expect(dialog).toHaveTextContent(/toutes les réservations/);
    expect(dialog).toHaveTextContent(/tous les messages de contact/);
    expect(dialog).toHaveTextContent(/Seront conservés : les inscriptions des lauréats/);
    await user.click(within(dialog).getByRole('button', { name: 'Purger définitivement' }));

    expect(await screen.findByText('Données personnelles purgées')).toBeVisible();
    const result = screen.getByRole('status', { name: 'Résultat de la purge' });
    expect(definitionOf('Participants supprimés', result)).toHaveTextContent('1');
    expect(definitionOf('Messages supprimés', result)).toHaveTextContent('1');
    expect(definitionOf('Lauréats conservés', result)).toHaveTextContent('1');
    await waitFor(() => expect(banner()).toBeNull());
    expect(await backend.sql(`select full_name from participants`)).toEqual([
      { full_name: 'Awa Ngono' },
    ]);
    const [row] = await backend.sql<{ action: string; after: Record<string, number> }>(
      `select action, after from audit_log where action = 'retention.purge'`,
    );
    expect(row.after).toMatchObject({ participants: 1, contact_messages: 1, laureates_kept: 1 });
  });
});
