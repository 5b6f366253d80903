import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminQueryClient } from '@/features/admin/workspace/query-client';
import { staffKeys } from '@/data/staff/keys';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, renderAdmin, signInAsAdmin } from './admin-render';

/**
 * A reader (`lecteur`) reads lists and statistics: no edit, no deletion, no e-mail, no check-in,
 * no cancellation and no personal-data export anywhere (issue 13). Each page is checked for the
 * admin too, so a test that passes for the reader cannot pass because nothing rendered. The
 * participant JSON export is journaled (log_export).
 */
const backend = testBackend();
const PAUL = 'd3000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from audit_log;
    delete from participants;
    delete from reservations;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, agree_to_terms)
    values ('${PAUL}', 'Paul Etoa', 'paul@example.cm', '690000002', 'Yaoundé', 'Centre',
            'singing', 'solo', true);
    insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state)
    values ('Alice Mbarga', '677000001', 'Douala', 'social', 'none', 'yes', 'yes', 'confirmed');
    commit;`);
});

/** Waits until the signed-in role is known: before that, write actions are hidden for everyone. */
const roleKnown = (role: string) =>
  waitFor(() => expect(adminQueryClient.getQueryData(staffKeys.role)).toBe(role));

const WRITE_BUTTONS_DETAIL = [
  'Modifier',
  'Supprimer Paul Etoa',
  'Envoyer la convocation',
  'Exporter en JSON',
  'Supprimer le participant',
];

describe('a participant’s page', () => {
  it('offers the admin every action', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin(`/admin/participants/${PAUL}`);
    for (const name of WRITE_BUTTONS_DETAIL) {
      expect(await screen.findByRole('button', { name })).toBeVisible();
    }
  });

  it('shows the reader the participant without any write or export', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin(`/admin/participants/${PAUL}`);
    await screen.findByRole('heading', { level: 1, name: 'Paul Etoa' });
    await roleKnown('lecteur');
    // Readers read participant_directory: the contact details are masked by the database.
    expect(await screen.findByText('Yaoundé')).toBeVisible();
    expect(screen.queryByText('paul@example.cm')).toBeNull();
    for (const name of WRITE_BUTTONS_DETAIL) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('journals the JSON export of one participant', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin(`/admin/participants/${PAUL}`);
    await user.click(await screen.findByRole('button', { name: 'Exporter en JSON' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads).toHaveLength(1);
    expect(JSON.parse(await downloads[0].text())).toMatchObject({ fullName: 'Paul Etoa' });
    const rows = await backend.sql<{ action: string; after: unknown }>(
      'select action, after from audit_log',
    );
    expect(rows).toEqual([
      {
        action: 'export',
        after: { filters: { participant: PAUL }, row_count: 1 },
      },
    ]);
  });
});

describe('the reservations list', () => {
  const ADMIN_ONLY = [
    'Valider l’entrée de Alice Mbarga',
    'Annuler la réservation de Alice Mbarga',
    'Exporter CSV',
    'Exporter pour Excel',
  ];

  it('offers the admin check-in, cancellation and exports', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    renderAdmin('/admin/reservations');
    await screen.findByText('Alice Mbarga');
    for (const name of ADMIN_ONLY) {
      expect(await screen.findByRole('button', { name })).toBeVisible();
    }
  });

  it('shows the reader the reservations without actions or exports', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin/reservations');
    await screen.findByText('Alice Mbarga');
    await roleKnown('lecteur');
    for (const name of ADMIN_ONLY) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // A pass code cancels its pass: the reader sees none, and the phone masked
    // (docs/decisions/017-roles-and-door-window.md).
    expect(screen.queryByRole('link', { name: /Voir le pass/ })).toBeNull();
    expect(screen.queryByText(/677000001|677 00 00 01/)).toBeNull();
    expect(screen.getAllByText('6•• •• •• 01').length).toBeGreaterThan(0);
    expect(document.body.innerHTML).not.toMatch(/\/pass\/[2-9A-HJKMNP-Z]{10}/);
  });

  it('offers the admin the pass and the undo of an entry, never the reader', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const { unmount } = renderAdmin('/admin/reservations');
    expect(
      await screen.findByRole('link', { name: 'Voir le pass de Alice Mbarga (nouvel onglet)' }),
    ).toBeVisible();
    unmount();
  });
});

describe('the dashboard', () => {
  it('offers the CSV export to the admin only', async () => {
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
    const { unmount } = renderAdmin('/admin');
    expect(await screen.findByRole('button', { name: 'Exporter les données (CSV)' })).toBeVisible();
    unmount();

    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    renderAdmin('/admin');
    await screen.findByRole('heading', { name: 'Actions rapides' });
    await roleKnown('lecteur');
    expect(screen.queryByRole('button', { name: 'Exporter les données (CSV)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir les statistiques' })).toBeVisible();
  });
});

/**
 * Issue 27 (docs/decisions/023-honest-screens.md): the two files of figures a reader reads on
 * screen are theirs to download, and the database journals each with the reader as author.
 */
describe('a reader’s aggregate exports', () => {
  it('downloads the attendance and the regions, each journaled', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    const downloads = captureDownloads();
    const user = userEvent.setup();
    const { unmount } = renderAdmin('/admin/presence');
    const csv = await screen.findByRole('button', { name: 'Exporter CSV' });
    // Unavailable until the report has loaded.
    await waitFor(() => expect(csv).not.toHaveAttribute('aria-disabled'));
    await user.click(csv);
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    unmount();
    renderAdmin('/admin/stats');
    await user.click(await screen.findByRole('button', { name: 'Exporter' }));
    await waitFor(async () =>
      expect(
        await backend.sql('select action, entity, actor_email from audit_log order by id'),
      ).toEqual([
        { action: 'export', entity: 'presence_night_party', actor_email: 'lecteur@example.cm' },
        { action: 'export', entity: 'distribution_regionale', actor_email: 'lecteur@example.cm' },
      ]),
    );
    expect(downloads.map((d) => d.name)).toEqual([
      expect.stringMatching(/\.csv$/),
      'distribution_regionale.csv',
    ]);
  });
});

describe('the admin layout', () => {
  it('offers "Aller au contenu" as the first Tab stop, to the page itself', async () => {
    await signInAsAdmin('lecteur@example.cm', 'lecteur-password-123');
    const user = userEvent.setup();
    renderAdmin('/admin/stats');
    await screen.findByRole('heading', { level: 1, name: 'Statistiques' });
    // The test's stand-in for the browser's Back button comes just before the app: one Tab on.
    screen.getByRole('button', { name: 'Page précédente du navigateur' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
