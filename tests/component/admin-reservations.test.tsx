import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * 24 reservations: 20 in Douala (ville), 2 in Yaoundé (ville) and 2 legacy rows with Yaoundé in
 * `region` only; one name starts with '='.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`
    insert into reservations (full_name, phone, ville, region, attendance_status, heard_from,
      will_attend, attendance_barrier, follows_booster_page, consumes_booster_products, created_at)
    select 'Invité ' || g, '67' || lpad(g::text, 7, '0'),
           case when g <= 20 then 'Douala' when g <= 22 then 'Yaoundé' end,
           case when g > 22 then 'Yaoundé' end,
           case when g % 3 = 0 then 'maybe' when g % 5 = 0 then 'no' else 'yes' end,
           case when g % 2 = 0 then 'social' else 'flyer' end,
           'yes', case when g % 4 = 0 then 'cost' else 'none' end, 'yes',
           case when g % 6 = 0 then 'no' else 'yes' end,
           now() - g * interval '1 hour'
      from generate_series(1, 24) g;
    update reservations set full_name = '=HYPERLINK("x")' where phone = '670000001';`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const parseCsv = (text: string) => {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<Record<string, string>>(text.slice(1), {
    delimiter: ';',
    newline: '\r\n',
    header: true,
  });
};

describe('reservations page', () => {
  it('shows the SQL summary, the table with French labels and the pager', async () => {
    renderAdmin('/admin/reservations');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Booster Night Party/ }),
    ).toBeVisible();
    expect(await screen.findByText('24 réservations')).toBeVisible();
    const summary = await screen.findByRole('region', { name: 'Résumé des 24 réservations' });
    const status = within(summary).getByRole('group', {
      name: fr('Confirmez-vous votre présence ?'),
    });
    // g % 3 = 0 → maybe (8); else g % 5 = 0 → no (5, 10, 20: 3); the rest yes (13).
    expect(definitionOf('Confirmé', status)).toHaveTextContent('13');
    expect(definitionOf('Peut-être', status)).toHaveTextContent('8');
    expect(definitionOf('Décliné', status)).toHaveTextContent('3');
    const social = within(summary).getByRole('group', {
      name: fr('Comment avez-vous entendu parler de la Night Party ?'),
    });
    expect(definitionOf('Réseaux sociaux', social)).toHaveTextContent('12');

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('=HYPERLINK("x")');
    expect(rows[1]).toHaveTextContent('Invité 2');
    expect(rows[1]).toHaveTextContent('Réseaux sociaux');
    expect(rows[1]).toHaveTextContent('Confirmé');
    const pager = screen.getByRole('navigation', { name: 'Pagination des réservations' });
    expect(within(pager).getAllByRole('button', { name: /^Page/ })).toHaveLength(3);
  });

  it('filters by city on ville or the legacy region, back on page 1', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('24 réservations');
    const pager = screen.getByRole('navigation', { name: 'Pagination des réservations' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    const citySelect = screen.getByLabelText('Ville');
    // The cities come from reservation_summary, a request of its own that may answer after the list.
    await waitFor(() =>
      expect(
        within(citySelect)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Toutes les villes', 'Douala', 'Yaoundé']),
    );
    await user.selectOptions(citySelect, 'Yaoundé');
    expect(await screen.findByText('4 réservations')).toBeVisible();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Invité 23'),
        expect.stringContaining('Invité 24'),
      ]),
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination des réservations' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Statut'), 'maybe');
    expect(await screen.findByText('2 réservations')).toBeVisible(); // 21 and 24
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), '670000024');
    expect(await screen.findByText('1 réservation')).toBeVisible();
  });

  it('exports the matching reservations with French columns and labels', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('24 réservations');
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads[0].name).toMatch(/^reservations_\d{4}-\d{2}-\d{2}\.csv$/);
    const { data, meta } = parseCsv(await downloads[0].text());
    expect(meta.fields).toEqual([
      'Nom',
      'Téléphone',
      'Ville',
      'Statut',
      "Source d'information",
      'Assistera',
      'Obstacle',
      'Suit la page',
      'Consomme Booster',
      'Date de réservation',
    ]);
    expect(data).toHaveLength(24);
    expect(data.find((r) => r['Téléphone'] === '670000001')).toMatchObject({
      Nom: `'=HYPERLINK("x")`,
      Ville: 'Douala',
      Statut: 'Confirmé',
      "Source d'information": 'Flyer / affiche',
      Obstacle: 'Aucun obstacle',
    });
    expect(data.find((r) => r['Téléphone'] === '670000024')).toMatchObject({
      Ville: 'Yaoundé',
      Statut: 'Peut-être',
      Obstacle: 'Le coût (transport, tenue…)',
      'Consomme Booster': 'Non',
    });
  });

  it("says 'Aucune réservation à exporter' when nothing matches", async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('24 réservations');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'personne');
    expect(
      await screen.findByText('Aucune réservation ne correspond à votre recherche'),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Aucune réservation à exporter')).toBeVisible();
    expect(downloads).toHaveLength(0);
  });
});
