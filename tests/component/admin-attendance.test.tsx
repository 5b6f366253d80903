import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testBackend } from '../setup/test-backend';
import { captureDownloads, definitionOf, renderAdmin, signInAsAdmin } from './admin-render';
import { fr } from '../setup/french';

/**
 * The "Présence" page: the survey crossed with who came, per answer, as the database counts it
 * (confirmed places only). 60 reservations with answers spread by their number; one in three
 * entered; the waitlisted and cancelled ones must not count.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.setEdition({ capacity: 100, overbooking_percent: 0 });
  await backend.sql(`
    insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
      checked_in_at, checked_in_door)
    select 'Invité ' || g, '69' || lpad(g::text, 7, '0'), 'Douala',
           (array['flyer', 'social', 'wordOfMouth'])[1 + g % 3],
           (array['location', 'cost', 'distance', 'noCompanion', 'none'])[1 + g % 5],
           case when g % 4 = 0 then 'no' else 'yes' end,
           case when g % 7 = 0 then 'no' else 'yes' end,
           case when g > 55 then 'waitlisted' when g > 50 then 'cancelled' else 'confirmed' end,
           case when g > 55 then g end,
           case when g between 51 and 55 then now() end,
           case when g <= 50 and g % 3 <> 1 then now() end,
           case when g <= 50 and g % 3 <> 1 then 'Porte 1' end
      from generate_series(1, 60) g`);
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

type Count = { answer: string; reserved: number; came: number };
/** The counts straight from the rows: confirmed places per answer, and those entered. */
const sqlCounts = (column: string) =>
  backend.sql<Count>(`
    select ${column} answer, count(*)::int reserved,
           count(*) filter (where checked_in_at is not null)::int came
      from reservations where state = 'confirmed' group by 1`);

const rate = (c: Count) => (c.reserved ? `${Math.round((c.came / c.reserved) * 100)} %` : '—');

const TABLES = [
  {
    title: 'Selon la source d’information',
    column: 'heard_from',
    labels: {
      flyer: 'Flyer / affiche',
      social: 'Réseaux sociaux',
      wordOfMouth: 'Bouche-à-oreille',
    },
  },
  {
    title: 'Selon l’obstacle déclaré',
    column: 'attendance_barrier',
    labels: {
      location: 'Le lieu',
      cost: 'Le coût (transport, tenue…)',
      distance: 'La distance',
      noCompanion: 'Pas d’accompagnateur',
      artists: 'Les artistes à l’affiche',
      none: 'Aucun obstacle',
    },
  },
  {
    title: 'Selon le suivi de la page Booster',
    column: 'follows_booster_page',
    labels: { yes: 'Oui', no: 'Non' },
  },
  {
    title: 'Selon la consommation des boissons Booster',
    column: 'consumes_booster_products',
    labels: { yes: 'Oui', no: 'Non' },
  },
] as const;

describe('attendance page', () => {
  it('is in the sidebar, with the settings', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    // The links follow the signed-in role, asked of the database.
    expect(await within(nav).findByRole('link', { name: 'Paramètres' })).toHaveAttribute(
      'href',
      '/admin/parametres',
    );
    await user.click(within(nav).getByRole('link', { name: 'Présence' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Présence/ })).toBeVisible();
  });

  it('crosses every answer with who came, with the numbers the database counts', async () => {
    renderAdmin('/admin/presence');
    await screen.findByRole('heading', { level: 2, name: TABLES[0].title });

    const [total] = await backend.sql<{ reserved: number; came: number }>(`
      select count(*)::int reserved, count(*) filter (where checked_in_at is not null)::int came
        from reservations where state = 'confirmed'`);
    expect(total).toEqual({ reserved: 50, came: 33 });
    expect(definitionOf('Réservations confirmées')).toHaveTextContent('50');
    expect(definitionOf('Venus')).toHaveTextContent('33');
    expect(definitionOf('Taux de venue')).toHaveTextContent('66 %');

    for (const t of TABLES) {
      const sql = Object.fromEntries((await sqlCounts(t.column)).map((c) => [c.answer, c]));
      const table = within(
        screen.getByRole('region', { name: fr(`Tableau : ${t.title}`) }),
      ).getByRole('table');
      const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
      // Every answer of the form, in its order, zeros included (no one answered 'artists').
      expect(rows.map((r) => r.cells[0].textContent)).toEqual(Object.values(t.labels));
      for (const [answer, label] of Object.entries(t.labels)) {
        const expected = sql[answer] ?? { answer, reserved: 0, came: 0 };
        const row = rows.find((r) => r.cells[0].textContent === label) as HTMLTableRowElement;
        expect([...row.cells].slice(1).map((c) => c.textContent)).toEqual([
          String(expected.reserved),
          String(expected.came),
          rate(expected),
        ]);
      }
    }
  });

  it('exports the same numbers as a French CSV', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/presence');
    await screen.findByRole('heading', { level: 2, name: TABLES[0].title });
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads[0].name).toMatch(/^presence_night_party_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloads[0].text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const { data, meta } = Papa.parse<Record<string, string>>(text.slice(1), {
      delimiter: ';',
      newline: '\r\n',
      header: true,
    });
    expect(meta.fields).toEqual([
      'Question',
      'Réponse',
      'Réservations confirmées',
      'Venus',
      'Taux de venue',
    ]);
    expect(data).toHaveLength(13);
    const flyer = (await sqlCounts('heard_from')).find((c) => c.answer === 'flyer') as Count;
    expect(data[0]).toEqual({
      Question: fr('Comment avez-vous entendu parler de la Night Party ?'),
      Réponse: 'Flyer / affiche',
      'Réservations confirmées': String(flyer.reserved),
      Venus: String(flyer.came),
      'Taux de venue': rate(flyer).replace(' ', ''),
    });
    expect(data.find((r) => r.Réponse === 'Les artistes à l’affiche')).toMatchObject({
      'Réservations confirmées': '0',
      'Taux de venue': '',
    });
  });
});
