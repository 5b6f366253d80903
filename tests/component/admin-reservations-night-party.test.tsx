/**
 * The Night Party on the admin reservations page (docs/decisions/009-night-party-operations.md):
 * capacity bar, state filter in the URL, state and entry columns, the row actions (pass, cancel,
 * check in by hand) and the state and entry in the CSV, against the real database.
 * 10 places (capacity 4 + 25 %: limit 5): 3 confirmed, 2 entered, 3 waitlisted, 2 cancelled.
 * Here: the capacity bar, the state filter in the URL and the columns; the row actions and the
 * CSV: admin-reservations-night-party-actions.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEventDateTime } from '@/lib/dates';
import { plain } from '../setup/french';
import { currentUrl, definitionOf, renderAdmin } from './admin-render';
import {
  backend,
  signInAndStoreTenReservations,
  rowOf,
  counts,
  passOf,
} from './support/admin-reservations-night-party';

signInAndStoreTenReservations();

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
    expect(rowOf('Didier Fouda')).toHaveTextContent(plain(`${formatEventDateTime(at)}Porte 1`));
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
});
