/**
 * The Night Party on the admin reservations page (docs/decisions/009-night-party-operations.md):
 * capacity bar, state filter in the URL, state and entry columns, the row actions (pass, cancel,
 * check in by hand) and the state and entry in the CSV, against the real database.
 * 10 places (capacity 4 + 25 %: limit 5): 3 confirmed, 2 entered, 3 waitlisted, 2 cancelled.
 * Here: the row actions (cancel, check in by hand, undo an entry) and the CSV.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, definitionOf, renderAdmin } from './admin-render';
import { fr } from '../setup/french';
import {
  backend,
  signInAndStoreTenReservations,
  rowOf,
  counts,
  passOf,
  capacity,
} from './support/admin-reservations-night-party';

signInAndStoreTenReservations();

describe('reservations page, Night Party', () => {
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
        summary: 'Entrée annulée, motif\u00a0: «\u00a0Pass scanné par erreur\u00a0»',
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
