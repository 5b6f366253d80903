import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { currentUrl, renderAdmin, signInAsAdmin } from './admin-render';

/**
 * The journal (/admin/journal) and the bin (/admin/corbeille), against the real database: the
 * rows the database writes (who, when, what, the summary, before / after), filtered by action and
 * period in the URL; a deletion goes to the bin, is restored, and an expired one is purged.
 */
const backend = testBackend();
const AWA = 'f3000000-0000-4000-8000-000000000001';
const PAUL = 'f3000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from participants;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms)
    values ('${AWA}', 'Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral', 'dance',
              'solo', true),
           ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre', 'singing',
              'solo', true);
    insert into audit_log (at, actor_email, action, entity, entity_id, summary, before, after)
    values ('2025-03-01 10:00+01', 'ancien@example.cm', 'settings.update', 'settings', null,
              'Paramètres modifiés : capacité', '{"capacity": 1500}', '{"capacity": 2000}'),
           ('2025-03-05 18:30+01', 'chef@example.cm', 'export', 'participants', null,
              'Export « participants » : 12 lignes', null, '{"row_count": 12, "filters": {}}'),
           ('2025-03-09 09:15+01', 'chef@example.cm', 'participant.update', 'participant',
              '${AWA}', 'Participant modifié : ville', '{"city": "Yaoundé", "region": "Centre"}',
              '{"city": "Douala", "region": "Littoral"}');
    commit;`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('journal page', () => {
  it('lists who did what and when, newest first, with before and after', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/journal');
    expect(await screen.findByText('3 entrées')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    const [first, , last] = rows();
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      // Douala's time, whatever the browser's time zone (the tests run in UTC).
      '09/03/2025 9\u00a0h\u00a015',
      'chef@example.cm',
      'Participant modifié',
      // The summary, then a link to the participant.
      expect.stringMatching(/^Participant modifié : ville(Voir le participant)?$/),
      'Avant / après',
    ]);
    expect(last).toHaveTextContent('ancien@example.cm');

    const open = within(first).getByRole('button', {
      name: 'Voir avant / après\u00a0: Participant modifié : ville',
    });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: 'Valeurs avant et après' });
    expect(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['VilleYaoundéDouala', 'RégionCentreLittoral']);
  });

  it('shows before / after in organisers’ words: French fields and values, Douala times', async () => {
    await backend.sql(`insert into audit_log (at, actor_email, action, entity, entity_id, summary,
        before, after)
      values ('2025-03-10 08:00+01', 'chef@example.cm', 'settings.update', 'settings', null,
              'Paramètres modifiés : ouverture des portes',
              '{"doors_open_at": "2026-12-19T13:00:00+00:00", "contact_phone": "670007091"}',
              '{"doors_open_at": "2026-12-19T14:30:00+00:00", "contact_phone": "670007092"}')`);
    const user = userEvent.setup();
    renderAdmin('/admin/journal');
    expect(await screen.findByText('4 entrées')).toBeVisible();
    await user.click(
      screen.getByRole('button', {
        name: 'Voir avant / après\u00a0: Paramètres modifiés : ouverture des portes',
      }),
    );
    const changes = screen.getByRole('table', { name: 'Valeurs avant et après' });
    expect(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [
          within(r).getByRole('rowheader').textContent,
          ...within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ]),
    ).toEqual([
      ['Téléphone de contact', '6 70 00 70 91', '6 70 00 70 92'],
      ['Ouverture des portes', '19/12/2026 14\u00a0h', '19/12/2026 15\u00a0h\u00a030'],
    ]);
  });

  it('filters by action and by period (Douala days) in the URL', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/journal');
    await screen.findByText('3 entrées');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Export');
    await waitFor(() => expect(currentUrl()).toBe('/admin/journal?action=export'));
    expect(await screen.findByText('1 entrée')).toBeVisible();
    expect(rows()[0]).toHaveTextContent('Export « participants » : 12 lignes');

    await user.click(await screen.findByRole('button', { name: 'Réinitialiser les filtres' }));
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2025-03-05' } });
    await waitFor(() => expect(currentUrl()).toBe('/admin/journal?from=2025-03-05'));
    expect(await screen.findByText('2 entrées')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2025-03-05' } });
    await waitFor(() => expect(currentUrl()).toBe('/admin/journal?from=2025-03-05&to=2025-03-05'));
    expect(await screen.findByText('1 entrée')).toBeVisible();
    expect(rows()[0]).toHaveTextContent('Export');
  });

  it('names a scheduled purge and its cancellation (docs/decisions/018-…)', async () => {
    await backend.sql(`insert into audit_log (at, actor_email, action, entity, entity_id, summary,
        before, after)
      values ('2025-03-10 09:00+01', 'chef@example.cm', 'retention.request', 'retention', '1',
                'Purge des données personnelles programmée pour le 17/03/2025 à 9 h', null,
                '{"runs_at": "2025-03-17T08:00:00+00:00"}'),
             ('2025-03-11 09:00+01', 'adjoint@example.cm', 'retention.cancel', 'retention', '1',
                'Purge des données personnelles prévue le 17/03/2025 à 9 h annulée',
                '{"runs_at": "2025-03-17T08:00:00+00:00"}', null)`);
    const user = userEvent.setup();
    renderAdmin('/admin/journal');
    expect(await screen.findByText('5 entrées')).toBeVisible();
    const [cancel, request] = rows();
    expect(within(cancel).getAllByRole('cell')[2]).toHaveTextContent(
      'Purge des données personnelles annulée',
    );
    expect(within(request).getAllByRole('cell')[2]).toHaveTextContent(
      'Purge des données personnelles programmée',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Action' }),
      'Purge des données personnelles annulée',
    );
    await waitFor(() => expect(currentUrl()).toBe('/admin/journal?action=retention.cancel'));
    expect(await screen.findByText('1 entrée')).toBeVisible();
    expect(rows()[0]).toHaveTextContent('adjoint@example.cm');
  });

  it('is in the admins’ sidebar only', async () => {
    renderAdmin('/admin/journal');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(await within(nav).findByRole('link', { name: 'Journal' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Corbeille' })).toBeVisible();
  });
});

describe('bin', () => {
  it('receives a deleted participant, restores it, and the journal says so', async () => {
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${AWA}`);
    await screen.findByRole('heading', { level: 1, name: 'Awa Ngono' });
    await user.click(await screen.findByRole('button', { name: 'Supprimer Awa Ngono' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(/corbeille/);
    expect(dialog).toHaveTextContent(/30 jours/);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    expect(await screen.findByText('1 participant')).toBeVisible();

    const nav = screen.getByRole('navigation', { name: 'Administration' });
    await user.click(await within(nav).findByRole('link', { name: 'Corbeille' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille' })).toBeVisible();
    const row = await screen.findByRole('row', { name: /Awa Ngono/ });
    expect(row).toHaveTextContent('chef@example.cm');
    expect(screen.queryByRole('button', { name: 'Purger maintenant' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Restaurer Awa Ngono' }));
    expect(
      await screen.findByText('Awa Ngono est de retour dans la liste des participants'),
    ).toBeVisible();
    expect(await screen.findByText('La corbeille est vide')).toBeVisible();

    await user.click(within(nav).getByRole('link', { name: 'Journal' }));
    expect(await screen.findByText('5 entrées')).toBeVisible();
    expect(rows()[0]).toHaveTextContent('Participant restauré depuis la corbeille');
    expect(rows()[1]).toHaveTextContent('Participant placé dans la corbeille');
  });

  it('purges now the participants whose 30 days are over, after a confirmation naming them', async () => {
    await backend.sql(`
      update participants set deleted_at = now() - interval '31 days' where id = '${AWA}';
      update participants set deleted_at = now() - interval '2 days' where id = '${PAUL}';`);
    const user = userEvent.setup();
    renderAdmin('/admin/corbeille');
    expect(await screen.findByText('2 participants')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Purger maintenant' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Purger la corbeille' });
    expect(dialog).toHaveTextContent(
      'Effacer définitivement 1 participant dont le délai de 30 jours est écoulé (Awa Ngono)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Purger définitivement' }));
    expect(
      await screen.findByText('Corbeille purgée : 1 participant effacé définitivement'),
    ).toBeVisible();
    expect(await screen.findByText('1 participant')).toBeVisible();
    expect(screen.getByRole('row', { name: /Paul Etoa/ })).toBeVisible();
    expect(await backend.sql(`select id from participants order by id`)).toEqual([{ id: PAUL }]);
  });

  // Issue 27: the focus never falls to <body> when "Restaurer" leaves with its row.
  it('moves the focus to the next "Restaurer", then to the heading, as rows leave the bin', async () => {
    await backend.sql(`update participants set deleted_at = now() - interval '1 hour'`);
    const user = userEvent.setup();
    renderAdmin('/admin/corbeille');
    expect(await screen.findByText('2 participants')).toBeVisible();
    const [first, second] = screen.getAllByRole('button', { name: /^Restaurer / });
    await user.click(first);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(second).toHaveFocus());
    await user.click(second);
    expect(await screen.findByText('La corbeille est vide')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Corbeille' })).toHaveFocus(),
    );
    expect(document.body).not.toHaveFocus();
  });

  it('tells a reader (lecteur) the journal and the bin are the admins’, not "0 entrée"', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    const { unmount } = renderAdmin('/admin/journal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    expect(await screen.findByText(/^Le journal est réservé aux administrateurs\./)).toBeVisible();
    expect(screen.queryByText(/0 entrée/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderAdmin('/admin/corbeille');
    expect(await screen.findByRole('heading', { level: 1, name: 'Corbeille' })).toBeVisible();
    expect(
      await screen.findByText(/^La corbeille est réservée aux administrateurs\./),
    ).toBeVisible();
    expect(screen.queryByText(/Erreur/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Restaurer|Purger/ })).toBeNull();
  });

  it('shows a reader (lecteur) no journal and no bin in the sidebar', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/messages');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(await within(nav).findByRole('link', { name: /^Messages/ })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Journal' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Corbeille' })).toBeNull();
  });
});
