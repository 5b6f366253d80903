import Papa from 'papaparse';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@/lib/dates';
import { testBackend } from '../setup/test-backend';
import {
  captureDownloads,
  currentUrl,
  definitionOf,
  renderAdmin,
  signInAsAdmin,
} from './admin-render';
import { fr } from '../setup/french';

/**
 * The Night Party on the admin reservations page (docs/decisions/009-night-party-operations.md):
 * capacity bar, state filter in the URL, state and entry columns, the row actions (pass, cancel,
 * check in by hand) and the state and entry in the CSV, against the real database.
 * 10 places (capacity 4 + 25 %: limit 5): 3 confirmed, 2 entered, 3 waitlisted, 2 cancelled.
 */
const backend = testBackend();

const ROWS = [
  ['Alice Mbarga', 'confirmed', null],
  ['Bruno Etoa', 'confirmed', null],
  ['Carine Nana', 'confirmed', null],
  ['Didier Fouda', 'confirmed', 'Porte 1'],
  ['Esther Ndi', 'confirmed', 'Porte 2'],
  ['Fabrice Owona', 'waitlisted', null],
  ['Grace Abena', 'waitlisted', null],
  ['Hervé Tchana', 'waitlisted', null],
  ['Inès Biya', 'cancelled', null],
  ['Jules Manga', 'cancelled', null],
] as const;

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

beforeEach(async () => {
  await backend.sql('delete from reservations');
  await backend.setEdition({ capacity: 4, overbooking_percent: 25 });
  for (const [i, [name, state, door]] of ROWS.entries()) {
    await backend.sql(
      `insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
         follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
         checked_in_at, checked_in_door, created_at)
       values ($1, $2, 'Douala', 'social', 'none', 'yes', 'yes', $3,
               case when $3 = 'waitlisted' then $4::bigint end,
               case when $3 = 'cancelled' then now() end,
               case when $5::text is not null then now() - interval '5 minutes' end, $5,
               now() - $4 * interval '1 minute')`,
      [name, `67700000${i}`, state, i, door],
    );
  }
});

const rowOf = (name: string) => {
  const rows = within(screen.getByRole('table')).getAllByRole('row');
  const row = rows.find((r) => within(r).queryByText(name) !== null);
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

type Counts = { confirmed: number; waitlisted: number; entered: number; cancelled: number };
const counts = async () =>
  (
    await backend.sql<Counts>(`
      select count(*) filter (where state = 'confirmed')::int confirmed,
             count(*) filter (where state = 'waitlisted')::int waitlisted,
             count(*) filter (where checked_in_at is not null)::int entered,
             count(*) filter (where state = 'cancelled')::int cancelled
        from reservations`)
  )[0];

/** The row's "Pass" cell (the booking's state, beside "Statut", the visitor's own answer). */
const passOf = (name: string) => (rowOf(name) as HTMLTableRowElement).cells[3];

const capacity = () => screen.getByRole('region', { name: 'Places de la Night Party' });

describe('reservations page, Night Party', () => {
  it('shows the capacity bar with the database’s counts, and each row’s state and entry', async () => {
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    const bar = await screen.findByRole('region', { name: 'Places de la Night Party' });
    const sql = await counts();
    expect(sql).toEqual({ confirmed: 5, waitlisted: 3, entered: 2, cancelled: 2 });
    expect(definitionOf('Confirmées', bar)).toHaveTextContent(`${sql.confirmed} / 5`);
    expect(definitionOf('Confirmées', bar)).toHaveTextContent('Complet');
    // Read as one sentence (issue 27), not "5 / 5Complet".
    const confirmedPlaces = definitionOf('Confirmées', bar);
    expect(within(confirmedPlaces).getByText(/^5 \/ 5/)).toHaveAttribute('aria-hidden', 'true');
    expect(within(confirmedPlaces).getByText('5 sur 5 places confirmables, complet.')).toHaveClass(
      'sr-only',
    );
    expect(definitionOf('Entrées', bar)).toHaveTextContent(String(sql.entered));
    expect(definitionOf('Liste d’attente', bar)).toHaveTextContent(String(sql.waitlisted));
    expect(definitionOf('Annulées', bar)).toHaveTextContent(String(sql.cancelled));

    expect(passOf('Alice Mbarga')).toHaveTextContent('Confirmé');
    expect(passOf('Alice Mbarga')).toHaveTextContent('Pas encore entré');
    const [{ at }] = await backend.sql<{ at: Date }>(
      `select checked_in_at at from reservations where full_name = 'Didier Fouda'`,
    );
    expect(passOf('Didier Fouda')).toHaveTextContent(/^Entré/);
    expect(rowOf('Didier Fouda')).toHaveTextContent(`${formatDateTime(at)}Porte 1`);
    expect(passOf('Grace Abena')).toHaveTextContent('Liste d’attente');
    expect(passOf('Inès Biya')).toHaveTextContent('Annulé');

    // The pass opens the public pass page in a new tab; no action on what cannot change.
    const [{ pass_code }] = await backend.sql<{ pass_code: string }>(
      `select pass_code from reservations where full_name = 'Alice Mbarga'`,
    );
    const pass = screen.getByRole('link', { name: 'Voir le pass de Alice Mbarga (nouvel onglet)' });
    expect(pass).toHaveAttribute('href', `/pass/${pass_code}`);
    expect(pass).toHaveAttribute('target', '_blank');
    // The row actions show once the staff role is known (a reader gets none): waited for first,
    // so the rows without actions are checked with the role known.
    expect(
      (await within(rowOf('Grace Abena')).findAllByRole('button')).map((b) => b.textContent),
    ).toEqual(['Annuler']);
    // An entry can be undone (with a reason); a cancelled place has no action.
    expect(
      within(rowOf('Didier Fouda'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Annuler l’entrée']);
    expect(within(rowOf('Inès Biya')).queryAllByRole('button')).toHaveLength(0);
  });

  it('filters by state, kept in the URL', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    await user.selectOptions(screen.getByLabelText('Pass'), 'waitlisted');
    expect(await screen.findByText('3 réservations')).toBeVisible();
    expect(currentUrl()).toBe('/admin/reservations?state=waitlisted');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual([
      'Fabrice Owona',
      'Grace Abena',
      'Hervé Tchana',
    ]);

    await user.selectOptions(screen.getByLabelText('Pass'), 'confirmed');
    expect(await screen.findByText('3 réservations')).toBeVisible();
    await waitFor(() => expect(currentUrl()).toBe('/admin/reservations?state=confirmed'));
    expect(screen.queryByText('Didier Fouda')).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Page précédente du navigateur' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/reservations?state=waitlisted'));
    expect(screen.getByLabelText('Pass')).toHaveValue('waitlisted');
  });

  it('opens a copied link with its state, and ignores an unknown one', async () => {
    const view = renderAdmin('/admin/reservations?state=checked_in');
    expect(await screen.findByText('2 réservations')).toBeVisible();
    expect(screen.getByLabelText('Pass')).toHaveValue('checked_in');
    expect(rowOf('Esther Ndi')).toHaveTextContent('Porte 2');
    view.unmount();
    renderAdmin('/admin/reservations?state=perdu');
    expect(await screen.findByText('10 réservations')).toBeVisible();
    expect(screen.getByLabelText('Pass')).toHaveValue('');
  });

  it('cancels after a confirmation naming the person, and the first waitlisted gets the place', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    await user.click(
      await screen.findByRole('button', { name: 'Annuler la réservation de Alice Mbarga' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: fr('Annuler la réservation de Alice Mbarga ?'),
    });
    expect(dialog).toHaveAccessibleDescription(/^Le pass de Alice Mbarga ne permettra plus/);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la réservation' }));

    // The freed place went to the first of the waitlist: the toast says so (issue 27).
    expect(
      await screen.findByText(
        'Réservation de Alice Mbarga annulée ; 1 réservation de la liste d’attente passe en « Confirmé »',
      ),
    ).toBeVisible();
    await waitFor(() => expect(passOf('Alice Mbarga')).toHaveTextContent('Annulé'));
    // Fabrice was first on the waitlist (queue_number): promoted in the same transaction.
    await waitFor(() => expect(passOf('Fabrice Owona')).toHaveTextContent('Confirmé'));
    expect(rowOf('Grace Abena')).toHaveTextContent('Liste d’attente');
    const sql = await counts();
    expect(sql).toEqual({ confirmed: 5, waitlisted: 2, entered: 2, cancelled: 3 });
    await waitFor(() => expect(definitionOf('Liste d’attente', capacity())).toHaveTextContent('2'));
    expect(definitionOf('Annulées', capacity())).toHaveTextContent('3');
  });

  it('checks a confirmed place in by hand', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    await user.click(await screen.findByRole('button', { name: 'Valider l’entrée de Bruno Etoa' }));

    expect(await screen.findByText('Entrée validée — Bruno E.')).toBeVisible();
    await waitFor(() => expect(passOf('Bruno Etoa')).toHaveTextContent(/^Entré/));
    expect(rowOf('Bruno Etoa')).toHaveTextContent('À la main (administration)');
    expect(
      within(rowOf('Bruno Etoa'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Annuler l’entrée']);
    // Its button gone, the focus is on the row's new state, not lost to <body>.
    await waitFor(() => expect(within(rowOf('Bruno Etoa')).getByText('Entré')).toHaveFocus());
    const [row] = await backend.sql<{ door: string; by_hand: boolean; entered: boolean }>(
      `select checked_in_door door, checked_in_by_hand by_hand, checked_in_at is not null entered
         from reservations where full_name = 'Bruno Etoa'`,
    );
    // By hand is a flag, not a door named "admin" (docs/decisions/017-roles-and-door-window.md).
    expect(row).toEqual({ door: null, by_hand: true, entered: true });
    await waitFor(() => expect(definitionOf('Entrées', capacity())).toHaveTextContent('3'));
  });

  // Issue 27: in a list filtered on "Confirmé" the entered row leaves with its button; the focus
  // goes to the next row's "Valider l’entrée", never to <body>.
  it('keeps the focus in a filtered list when a checked-in row leaves it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations?state=confirmed');
    expect(await screen.findByText('3 réservations')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Valider l’entrée de Bruno Etoa' }));
    expect(await screen.findByText('2 réservations')).toBeVisible();
    expect(screen.queryByText('Bruno Etoa')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Valider l’entrée de Carine Nana' })).toHaveFocus(),
    );
    expect(document.body).not.toHaveFocus();
  });

  it('names the cancel dialog’s buttons for what they do', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await user.click(
      await screen.findByRole('button', { name: 'Annuler la réservation de Carine Nana' }),
    );
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Garder la réservation', 'Annuler la réservation']);
    await user.click(within(dialog).getByRole('button', { name: 'Garder la réservation' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await counts()).toMatchObject({ cancelled: 2 });
  });

  it('names the booking column "Pass", apart from the visitor’s "Statut"', async () => {
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Pass');
    expect(headers).toContain('Statut');
    expect(headers.some((h) => /État/.test(h ?? ''))).toBe(false);
    expect(
      within(screen.getByLabelText('Pass'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous les pass', 'Confirmé', 'Entré', 'Liste d’attente', 'Annulé']);
  });

  it('undoes an entry with a reason: the pass is valid again, and the journal says why', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    const undo = await screen.findByRole('button', { name: 'Annuler l’entrée de Didier Fouda' });
    await user.click(undo);
    const dialog = screen.getByRole('dialog', { name: /^Annuler l’entrée de Didier Fouda\s\?$/ });
    const reason = within(dialog).getByRole('textbox', { name: 'Motif' });
    expect(reason).toHaveFocus();
    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler l’entrée' }));
    expect(reason).toHaveAccessibleDescription(
      /Indiquez pourquoi l’entrée est annulée \(3 à 300 caractères\)\./,
    );
    expect(reason).toHaveFocus();
    expect(await counts()).toMatchObject({ entered: 2 });

    await user.type(reason, 'Pass scanné par erreur');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler l’entrée' }));
    expect(
      await screen.findByText('Entrée de Didier Fouda annulée : le pass est de nouveau valide'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(passOf('Didier Fouda')).toHaveTextContent('Confirmé'));
    expect(await counts()).toMatchObject({ entered: 1 });
    expect(
      await backend.sql(
        `select action, summary from audit_log where action = 'reservation.check_in_undo'`,
      ),
    ).toEqual([
      {
        action: 'reservation.check_in_undo',
        summary: 'Entrée annulée, motif : « Pass scanné par erreur »',
      },
    ]);
    // "Garder l’entrée" closes without changing anything.
    await user.click(screen.getByRole('button', { name: 'Annuler l’entrée de Esther Ndi' }));
    await user.click(screen.getByRole('button', { name: 'Garder l’entrée' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await counts()).toMatchObject({ entered: 1 });
  });

  it('exports exactly the specification’s columns: the pass state, entry and door are not in the CSV', async () => {
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderAdmin('/admin/reservations');
    await screen.findByText('10 réservations');
    await user.click(await screen.findByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Données exportées avec succès')).toBeVisible();
    expect(downloads[0].name).toMatch(/^reservations_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloads[0].text();
    const { data, meta } = Papa.parse<Record<string, string>>(text.slice(1), {
      delimiter: ';',
      newline: '\r\n',
      header: true,
    });
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
    expect(data).toHaveLength(10);
  });
});
