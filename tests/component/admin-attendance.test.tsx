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
 * entered; the waitlisted and cancelled ones must not count. One in ten was made before the form
 * recorded the pre-filled answers the visitor changed (unknown); of the others, some changed
 * "follows the page" and came back to "yes" (docs/decisions/025-survey-defaults.md).
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.setEdition({ capacity: 100, overbooking_percent: 0 });
  await backend.sql(`
    insert into reservations (full_name, phone, ville, attendance_status, will_attend,
      heard_from, attendance_barrier,
      follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
      checked_in_at, checked_in_door, survey_changed)
    select 'Invité ' || g, '69' || lpad(g::text, 7, '0'), 'Douala',
           case when g % 9 = 0 then 'maybe' else 'yes' end,
           case when g % 8 = 3 then 'no' else 'yes' end,
           (array['flyer', 'social', 'wordOfMouth'])[1 + g % 3],
           (array['location', 'cost', 'distance', 'noCompanion', 'none'])[1 + g % 5],
           case when g % 4 = 0 then 'no' else 'yes' end,
           case when g % 7 = 0 then 'no' else 'yes' end,
           case when g > 55 then 'waitlisted' when g > 50 then 'cancelled' else 'confirmed' end,
           case when g > 55 then g end,
           case when g between 51 and 55 then now() end,
           case when g <= 50 and g % 3 <> 1 then now() end,
           case when g <= 50 and g % 3 <> 1 then 'Porte 1' end,
           case when g % 10 = 9 then null else array_remove(array[
             case when g % 9 = 0 or g % 11 = 2 then 'attendance_status' end,
             case when g % 8 = 3 or g % 12 = 5 then 'will_attend' end,
             case when g % 5 <> 4 then 'attendance_barrier' end,
             case when g % 4 = 0 or g % 6 = 1 then 'follows_booster_page' end,
             case when g % 7 = 0 then 'consumes_booster_products' end], null) end
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

/** Per pre-filled question, among confirmed places: all, left at the default, not recorded. */
const sqlPrefilled = async (column: string, answer: string) =>
  (
    await backend.sql<{ total: number; kept: number; unknown: number }>(`
      select count(*)::int total,
             count(*) filter (where ${column} = '${answer}' and survey_changed is not null
                                and not '${column}' = any (survey_changed))::int kept,
             count(*) filter (where ${column} = '${answer}' and survey_changed is null)::int unknown
        from reservations where state = 'confirmed'`)
  )[0];

const TABLES = [
  {
    title: 'Selon la présence confirmée',
    column: 'attendance_status',
    labels: { yes: 'Confirmé', no: 'Décliné', maybe: 'Peut-être' },
    prefilled: 'yes',
  },
  {
    title: 'Selon la source d’information',
    column: 'heard_from',
    labels: {
      flyer: 'Flyer / affiche',
      social: 'Réseaux sociaux',
      wordOfMouth: 'Bouche-à-oreille',
    },
    prefilled: null,
  },
  {
    title: 'Selon l’intention de venir',
    column: 'will_attend',
    labels: { yes: 'Oui', no: 'Non' },
    prefilled: 'yes',
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
    prefilled: 'none',
  },
  {
    title: 'Selon le suivi de la page Booster',
    column: 'follows_booster_page',
    labels: { yes: 'Oui', no: 'Non' },
    prefilled: 'yes',
  },
  {
    title: 'Selon la consommation des boissons Booster',
    column: 'consumes_booster_products',
    labels: { yes: 'Oui', no: 'Non' },
    prefilled: 'yes',
  },
] as const;

/** A row's header as the table shows it: the pre-filled answer says so. */
const shownLabel = (t: (typeof TABLES)[number], answer: string, label: string) =>
  answer === t.prefilled ? `${label} (pré-rempli)` : label;

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
      expect(rows.map((r) => r.cells[0].textContent)).toEqual(
        Object.entries(t.labels).map(([answer, label]) => shownLabel(t, answer, label)),
      );
      for (const [answer, label] of Object.entries(t.labels)) {
        const expected = sql[answer] ?? { answer, reserved: 0, came: 0 };
        const row = rows.find(
          (r) => r.cells[0].textContent === shownLabel(t, answer, label),
        ) as HTMLTableRowElement;
        expect([...row.cells].slice(1).map((c) => c.textContent)).toEqual([
          String(expected.reserved),
          String(expected.came),
          rate(expected),
        ]);
      }
    }
  });

  it('shows, per pre-filled question, how many answers were left at the default, changed or unknown', async () => {
    renderAdmin('/admin/presence');
    await screen.findByRole('heading', { level: 2, name: TABLES[0].title });
    for (const t of TABLES) {
      const section = screen.getByRole('region', { name: fr(t.title) });
      if (t.prefilled === null) {
        // No answer is pre-filled: nothing to set apart.
        expect(within(section).queryByText(/pré-remplie/)).toBeNull();
        continue;
      }
      const { total, kept, unknown } = await sqlPrefilled(t.column, t.prefilled);
      // The seed has all three kinds on every pre-filled question.
      expect(kept * unknown * (total - kept - unknown)).toBeGreaterThan(0);
      const label = (t.labels as Record<string, string>)[t.prefilled];
      expect(
        within(section).getByText(
          `Réponse pré-remplie sur le formulaire : « ${label} ». Sur ${total} réservations confirmées :`,
        ),
      ).toBeVisible();
      const items = within(within(section).getByRole('list')).getAllByRole('listitem');
      expect(items.map((i) => i.textContent)).toEqual([
        `${kept} ${kept > 1 ? 'laissées telles quelles' : 'laissée telle quelle'}`,
        `${total - kept - unknown} ${total - kept - unknown > 1 ? 'changées' : 'changée'} par le visiteur`,
        unknown > 1
          ? `${unknown} inconnues (réservations faites avant ce relevé)`
          : `${unknown} inconnue (réservation faite avant ce relevé)`,
      ]);
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
      'Réponse pré-remplie',
      'Laissées pré-remplies',
      'Inconnu (avant le relevé)',
    ]);
    expect(data).toHaveLength(18);
    const flyer = (await sqlCounts('heard_from')).find((c) => c.answer === 'flyer') as Count;
    expect(data[3]).toEqual({
      Question: fr('Comment avez-vous entendu parler de la Night Party ?'),
      Réponse: 'Flyer / affiche',
      'Réservations confirmées': String(flyer.reserved),
      Venus: String(flyer.came),
      'Taux de venue': rate(flyer).replace(' ', ''),
      'Réponse pré-remplie': 'Non',
      'Laissées pré-remplies': '',
      'Inconnu (avant le relevé)': '',
    });
    const follows = await sqlPrefilled('follows_booster_page', 'yes');
    expect(
      data.find(
        (r) =>
          r.Question === fr('Suivez-vous la page Booster sur les réseaux sociaux ?') &&
          r.Réponse === 'Oui',
      ),
    ).toMatchObject({
      'Réponse pré-remplie': 'Oui',
      'Laissées pré-remplies': String(follows.kept),
      'Inconnu (avant le relevé)': String(follows.unknown),
    });
    expect(data.find((r) => r.Réponse === 'Les artistes à l’affiche')).toMatchObject({
      'Réservations confirmées': '0',
      'Taux de venue': '',
    });
  });

  it('shows a door account that went past a lane’s pace, or let in offline codes no pass has, with how many', async () => {
    // As door_sync leaves it (tests/integration/night-party-door-admits-what-it-scanned.test.ts).
    await backend.createUser('porte-rapide@example.cm', 'porte-password-123', { role: 'controle' });
    await backend.sql(`
      insert into private.door_lane_alerts (actor, door, refused, admitted_unknown)
      select id, 'Porte 5', 11, 2 from auth.users where email = 'porte-rapide@example.cm'`);
    try {
      renderAdmin('/admin/presence');
      const alerts = await screen.findByRole('region', { name: 'Tableau des alertes des portes' });
      const [row] = within(alerts).getAllByRole('row').slice(1);
      expect(within(row).getByRole('rowheader')).toHaveTextContent('Porte 5');
      expect(
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['porte-rapide@example.cm', expect.any(String), expect.any(String), '11', '2']);
      expect(
        screen.getByRole('heading', {
          level: 2,
          name: fr('Alertes des portes : un compte de contrôle à vérifier'),
        }),
      ).toBeVisible();
    } finally {
      await backend.sql('delete from private.door_lane_alerts');
    }
  });
});
