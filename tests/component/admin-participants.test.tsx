import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillLarge } from '../../bench/support/fill-large';
import { testBackend } from '../setup/test-backend';
import {
  captureDownloads,
  definitionOf,
  renderAdmin,
  shownCount,
  signInAsAdmin,
} from './admin-render';

/** Dashboard, stats and participants list over 2,500 participants (the fill script's data). */
const backend = testBackend();
const TOTAL = 2500;

type Row = Record<string, string>;
const parseCsv = (text: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<Row>(text.slice(1), { delimiter: ';', newline: '\r\n', header: true });
};
const one = async <T,>(query: string, params?: unknown[]) =>
  ((await backend.sql(query, params)) as T[])[0];

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await fillLarge(backend.db.admin, { participants: TOTAL, reservations: 0 });
  // A name a spreadsheet would run as a formula.
  await backend.sql(
    `update participants set full_name = '=1+2 Piège' where email = 'participant2@example.cm'`,
  );
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const cardValue = (label: string) => definitionOf(label);

describe('dashboard', () => {
  it('shows the totals of all 2,500 rows and the 5 newest, and exports them all', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin');
    await screen.findByText('Total des inscriptions');
    expect(cardValue('Total des inscriptions')).toHaveTextContent('2500');
    const { dance } = await one<{ dance: number }>(
      `select count(*)::int dance from participants where category = 'dance'`,
    );
    expect(cardValue('Danse')).toHaveTextContent(String(dance));
    expect(screen.getByRole('list', { name: 'Les 3 premières régions' })).toHaveTextContent(
      /^1\. Littoral/,
    );

    const recent = screen.getByRole('region', { name: 'Inscriptions récentes' });
    const links = within(recent).getAllByRole('link');
    expect(links).toHaveLength(5);
    const newest = await one<{ id: string; full_name: string }>(
      `select id, full_name from participants order by created_at desc limit 1`,
    );
    expect(links[0]).toHaveTextContent(newest.full_name);
    expect(links[0]).toHaveAttribute('href', `/admin/participants/${newest.id}`);

    await user.click(await screen.findByRole('button', { name: 'Exporter les données (CSV)' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^participants_\d{4}-\d{2}-\d{2}\.csv$/);
    const { data, meta } = parseCsv(await downloads[0].text());
    expect(meta.fields).toEqual([
      'id',
      'fullName',
      'email',
      'phone',
      'city',
      'region',
      'category',
      'participationType',
      'teamName',
      'linkToWork',
      'description',
      'agreeToTerms',
      'createdAt',
    ]);
    expect(data).toHaveLength(TOTAL);
    expect(new Set(data.map((r) => r.id)).size).toBe(TOTAL);
    expect(data.find((r) => r.email === 'participant2@example.cm')?.fullName).toBe("'=1+2 Piège");
  });
});

describe('stats page', () => {
  it('computes over all rows and exports the region table', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/stats');
    await screen.findByText('Total des inscriptions');
    expect(cardValue('Total des inscriptions')).toHaveTextContent('2500');
    expect(cardValue('Régions représentées')).toHaveTextContent('10');
    const table = screen.getByRole('table', { name: 'Répartition des participants par région' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const { n } = await one<{ n: number }>(
      `select count(*)::int n from participants where region = 'Littoral'`,
    );
    expect(rows[0]).toHaveTextContent(`Littoral${n}${Math.round((n / TOTAL) * 100)} %`);

    await user.click(await screen.findByRole('button', { name: 'Exporter' }));
    expect(downloads[0].name).toBe('distribution_regionale.csv');
    const { data } = parseCsv(await downloads[0].text());
    expect(data[0]).toEqual({
      Région: 'Littoral',
      Participants: String(n),
      Pourcentage: `${Math.round((n / TOTAL) * 100)}%`,
    });
    expect(data.reduce((s, r) => s + Number(r.Participants), 0)).toBe(TOTAL);
  });
});

describe('participants list', () => {
  it('pages on the server with a sliding window of 5 up to the last page', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    expect(await screen.findByText('2 500 participants')).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Pagination des participants' });
    const pageButtons = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11);

    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']));
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(pager).getByRole('button', { name: 'Dernière page' }));
    expect(await within(pager).findByText(/Page 250 sur 250/)).toBeVisible();
    expect(pageButtons()).toEqual(['246', '247', '248', '249', '250']);
    const oldest = await one<{ full_name: string }>(
      `select full_name from participants order by created_at asc limit 1`,
    );
    expect(await screen.findByText(oldest.full_name)).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Suivant' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('filters on the server, offers the regions present, and goes back to page 1', async () => {
    await backend.sql(`update participants set region = 'Sud' where region = 'Est'`);
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('2 500 participants');
    // The regions come from participant_stats, a request of its own that may answer after the list.
    const regionOptions = () =>
      within(screen.getByLabelText('Région'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => expect(regionOptions()).toHaveLength(10));
    expect(regionOptions()).toEqual([
      'Toutes les régions',
      'Adamaoua',
      'Centre',
      'Extrême-Nord',
      'Littoral',
      'Nord',
      'Nord-Ouest',
      'Ouest',
      'Sud',
      'Sud-Ouest',
    ]);

    const pager = screen.getByRole('navigation', { name: 'Pagination des participants' });
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Catégorie'), 'singing');
    const { singing } = await one<{ singing: number }>(
      `select count(*)::int singing from participants where category = 'singing'`,
    );
    expect(await screen.findByText(`${shownCount(singing)} participants`)).toBeVisible();
    const pager2 = screen.getByRole('navigation', { name: 'Pagination des participants' });
    expect(within(pager2).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const row of within(screen.getByRole('table')).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('Chant');
    }

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'participant1232@'); // a singer, like the filter
    expect(await screen.findByText('1 participant')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pagination des participants' })).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'personne-ici');
    expect(
      // A search over 2,500 rows, counted: allow a busy machine.
      await screen.findByText(
        'Aucun participant ne correspond à votre recherche',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // Unavailable, yet focusable (a disabled button would drop the focus when the list empties).
    expect(screen.getByRole('button', { name: 'Exporter CSV' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('says "plus de 1 000" when a search matches more than it counts', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('2 500 participants');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'example.cm');
    expect(
      await screen.findByText('Plus de 1 000 participants', {}, { timeout: 5000 }),
    ).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Pagination des participants' });
    expect(pager).toHaveTextContent(
      'Page 1 sur 100 · plus de 1 000 résultats (affinez la recherche pour voir les suivants)',
    );
  });

  it('exports only the rows matching the filters', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('2 500 participants');
    await user.selectOptions(screen.getByLabelText('Type de participation'), 'team');
    // The regions offered are those present (participant_stats), which may still be loading.
    await within(screen.getByLabelText('Région')).findByRole('option', { name: 'Littoral' });
    await user.selectOptions(screen.getByLabelText('Région'), 'Littoral');
    const { n } = await one<{ n: number }>(
      `select count(*)::int n from participants where participation_type = 'team' and region = 'Littoral'`,
    );
    expect(await screen.findByText(`${shownCount(n)} participants`)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    const { data } = parseCsv(await downloads[0].text());
    expect(data).toHaveLength(n);
    expect(data.every((r) => r.participationType === 'team' && r.region === 'Littoral')).toBe(true);
  });

  it('asks for confirmation, then deletes the participant and its members', async () => {
    const target = await one<{ id: string; full_name: string }>(
      `select p.id, p.full_name from participants p where p.email = 'participant3@example.cm'`,
    );
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    await screen.findByText('2 500 participants');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'participant3@');
    await user.click(await screen.findByRole('button', { name: `Supprimer ${target.full_name}` }));

    const dialog = screen.getByRole('alertdialog', { name: `Supprimer ${target.full_name}` });
    // The specification's question, word for word (a team also says what goes with it).
    expect(dialog).toHaveAccessibleDescription(
      /^Êtes-vous sûr de vouloir supprimer ce participant \?/,
    );
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      await one(`select count(*)::int n from participants where id = $1`, [target.id]),
    ).toEqual({ n: 1 });

    await user.click(await screen.findByRole('button', { name: `Supprimer ${target.full_name}` }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Participant supprimé avec succès')).toBeVisible();
    expect(
      // After the deletion (to the bin, whose expired rows are purged first) the list is fetched
      // again with 2,500 rows counted: allow a busy CI machine.
      await screen.findByText(
        'Aucun participant ne correspond à votre recherche',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    // In the bin (restorable for 30 days), with its members; gone from the lists.
    expect(
      await one(
        `select (select count(*) from participants where id = $1 and deleted_at is not null)::int p,
                (select count(*) from team_members where participant_id = $1)::int m`,
        [target.id],
      ),
    ).toEqual({ p: 1, m: 2 });
  });
});
