/**
 * The participants' and reservations' list state lives in the URL: a link opens the same view,
 * Back/Forward and "Retour à la liste" return to it, and a new search or filter starts at page 1.
 * Here: the participants list’s pages and returns, and the reservations list.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, renderAdmin, shownCount } from './admin-render';
import {
  signInWithALargeEdition,
  count,
  namesAt,
  namesInOrder,
  bodyRows,
  rowNames,
  currentPage,
} from './support/admin-list-url';

signInWithALargeEdition();

describe('participants list in the URL', () => {
  it('shows the last page for a page past the end (an old link)', async () => {
    const n = await count(`region = 'Littoral'`);
    const last = Math.ceil(n / 10);
    renderAdmin('/admin/participants?region=Littoral&page=999');
    await waitFor(() =>
      expect(currentUrl()).toBe(`/admin/participants?region=Littoral&page=${last}`),
    );
    await waitFor(() => expect(currentPage('Pagination des participants')).toBe(String(last)));
    const [first] = await namesAt(`region = 'Littoral'`, (last - 1) * 10, 1);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(first));
  });

  it('returns from a participant to the same filters and page (Back and "Retour à la liste")', async () => {
    const user = userEvent.setup();
    const list = '/admin/participants?category=dance&page=3';
    renderAdmin(list);
    await screen.findByText(`${await count(`category = 'dance'`)} participants`);
    const [third] = await namesAt(`category = 'dance'`, 20, 1);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(third));

    await user.click(within(bodyRows()[0]).getByRole('link', { name: /^Voir / }));
    expect(await screen.findByRole('heading', { level: 1, name: third })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Retour à la liste' })).toHaveAttribute('href', list);

    await user.click(await screen.findByRole('button', { name: 'Page précédente du navigateur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    expect(currentUrl()).toBe(list);
    expect(screen.getByLabelText('Catégorie')).toHaveValue('dance');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(third));
    expect(currentPage('Pagination des participants')).toBe('3');

    await user.click(within(bodyRows()[0]).getByRole('link', { name: /^Voir / }));
    await user.click(await screen.findByRole('link', { name: '← Retour à la liste' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
    expect(currentUrl()).toBe(list);
    expect(currentPage('Pagination des participants')).toBe('3');
  });

  // Last of this describe: it deletes a participant.
  it('shows the page before when the last row of the last page is deleted', async () => {
    const user = userEvent.setup();
    const where = `email like 'participant1%'`;
    const n = await count(where);
    expect(n % 10).toBe(1);
    const last = Math.ceil(n / 10);
    renderAdmin(`/admin/participants?search=participant1&page=${last}`);
    const [name] = await namesAt(where, n - 1, 1);
    await user.click(await screen.findByRole('button', { name: `Supprimer ${name}` }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Participant supprimé avec succès')).toBeVisible();
    await waitFor(() =>
      expect(currentUrl()).toBe(`/admin/participants?search=participant1&page=${last - 1}`),
    );
    expect(await screen.findByText(`${shownCount(n - 1)} participants`)).toBeVisible();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  });
});

describe('reservations list in the URL', () => {
  it('opens the view a link describes and resets the page on a filter change', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations?status=yes&heardFrom=social&page=2');
    const where = `attendance_status = 'yes' and heard_from = 'social'`;
    const n = await count(where, 'reservations');
    expect(await screen.findByText(`${n} réservations`)).toBeVisible();
    expect(screen.getByLabelText('Statut')).toHaveValue('yes');
    expect(screen.getByLabelText('Source')).toHaveValue('social');
    expect(currentPage('Pagination des réservations')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Source'), 'flyer');
    expect(currentUrl()).toBe('/admin/reservations?status=yes&heardFrom=flyer');
    const flyers = await count(
      `attendance_status = 'yes' and heard_from = 'flyer'`,
      'reservations',
    );
    expect(await screen.findByText(`${flyers} réservations`)).toBeVisible();

    const city = within(screen.getByLabelText('Ville')).getAllByRole('option')[1].textContent ?? '';
    await user.selectOptions(screen.getByLabelText('Ville'), city);
    expect(currentUrl()).toBe(
      `/admin/reservations?${new URLSearchParams({ status: 'yes', heardFrom: 'flyer', city })}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Page précédente du navigateur' }));
    expect(currentUrl()).toBe('/admin/reservations?status=yes&heardFrom=flyer');
    expect(screen.getByLabelText('Ville')).toHaveValue('');
  });

  it('sorts by city from a link, and by name from a header', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/reservations?sort=-city&page=2');
    expect(await screen.findByText('120 réservations')).toBeVisible();
    const [eleventh] = await namesInOrder('reservations', 'ville desc', 10, 1);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(eleventh));
    const city = screen.getByRole('columnheader', { name: /^Ville/ });
    expect(city).toHaveAttribute('aria-sort', 'descending');

    await user.click(
      within(screen.getByRole('columnheader', { name: /^Nom/ })).getByRole('button'),
    );
    expect(currentUrl()).toBe('/admin/reservations?sort=name');
    const byName = await namesInOrder('reservations', 'full_name asc', 0, 10);
    await waitFor(() => expect(rowNames()).toEqual(byName));
  });
});
