/**
 * The participants' and reservations' list state lives in the URL: a link opens the same view,
 * Back/Forward and "Retour à la liste" return to it, and a new search or filter starts at page 1.
 * Here: the participants list’s filters, search and sort. Pages, returns and the reservations
 * list: admin-list-url-pages-and-reservations.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DELAY_MS } from '@/features/admin/ui/use-list-query';
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
  it('opens the view a link describes: filters, search, page and page size', async () => {
    const where = `region = 'Littoral' and category = 'dance'`;
    // Every participant's e-mail is participantN@example.cm: the search keeps them all.
    renderAdmin(
      '/admin/participants?region=Littoral&category=dance&search=participant&page=2&size=25',
    );
    const n = await count(where);
    expect(await screen.findByText(`${shownCount(n)} participants`)).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('participant');
    // The region options come from participant_stats, which may answer after the list.
    await waitFor(() => expect(screen.getByLabelText('Région')).toHaveValue('Littoral'));
    expect(screen.getByLabelText('Catégorie')).toHaveValue('dance');
    expect(screen.getByLabelText('Type de participation')).toHaveValue('');
    expect(screen.getByLabelText('Lignes par page')).toHaveValue('25');
    expect(currentPage('Pagination des participants')).toBe('2');
    const expected = await namesAt(where, 25, 25);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(expected[0]));
    expect(bodyRows()).toHaveLength(expected.length);
  });

  it('puts every filter change in the URL, back on page 1, and Back undoes it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants?region=Littoral&page=2');
    expect(await screen.findByText(`${await count(`region = 'Littoral'`)} participants`));
    expect(currentPage('Pagination des participants')).toBe('2');
    // The region options come from participant_stats, which may answer after the list.
    await waitFor(() => expect(screen.getByLabelText('Région')).toHaveValue('Littoral'));

    await user.selectOptions(screen.getByLabelText('Catégorie'), 'singing');
    expect(currentUrl()).toBe('/admin/participants?region=Littoral&category=singing');
    const singers = await count(`region = 'Littoral' and category = 'singing'`);
    expect(await screen.findByText(`${shownCount(singers)} participants`)).toBeVisible();
    expect(currentPage('Pagination des participants')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Type de participation'), 'team');
    expect(currentUrl()).toBe(
      '/admin/participants?region=Littoral&category=singing&participationType=team',
    );
    await user.selectOptions(screen.getByLabelText('Type de participation'), '');
    await user.selectOptions(screen.getByLabelText('Lignes par page'), '25');
    expect(currentUrl()).toBe('/admin/participants?region=Littoral&category=singing&size=25');

    const pager = screen.getByRole('navigation', { name: 'Pagination des participants' });
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }));
    expect(currentUrl()).toBe(
      '/admin/participants?region=Littoral&category=singing&size=25&page=2',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'participant1');
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/admin/participants?region=Littoral&category=singing&size=25&search=participant1',
      ),
    );
    const found = await count(
      `region = 'Littoral' and category = 'singing' and email like 'participant1%'`,
    );
    expect(await screen.findByText(`${shownCount(found)} participants`)).toBeVisible();

    // Back undoes one change at a time: the search, then the page, then the page size.
    const back = () =>
      user.click(screen.getByRole('button', { name: 'Page précédente du navigateur' }));
    await back();
    expect(currentUrl()).toBe(
      '/admin/participants?region=Littoral&category=singing&size=25&page=2',
    );
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('');
    await waitFor(() => expect(currentPage('Pagination des participants')).toBe('2'));
    await back();
    expect(currentUrl()).toBe('/admin/participants?region=Littoral&category=singing&size=25');
    await back();
    expect(currentUrl()).toBe('/admin/participants?region=Littoral&category=singing');
    expect(screen.getByLabelText('Lignes par page')).toHaveValue('10');
    await back();
    expect(screen.getByLabelText('Type de participation')).toHaveValue('team');

    await user.click(await screen.findByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(currentUrl()).toBe('/admin/participants');
    expect(await screen.findByText('400 participants')).toBeVisible();
  });

  it('keeps a filter chosen at once after typing a search (issue 27: no race with the pause)', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants');
    expect(await screen.findByText('400 participants')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'participant1');
    // Within the pause, before the search reached the URL.
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'singing');
    expect(currentUrl()).toBe('/admin/participants?search=participant1&category=singing');
    // Past the pause: the search's timer must not write back the URL it saw before the filter.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 200));
    expect(currentUrl()).toBe('/admin/participants?search=participant1&category=singing');
    expect(screen.getByLabelText('Catégorie')).toHaveValue('singing');
    const found = await count(`category = 'singing' and email like 'participant1%'`);
    expect(await screen.findByText(`${shownCount(found)} participants`)).toBeVisible();

    // Typing more, then a filter at once: the same.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), '2');
    await user.selectOptions(screen.getByLabelText('Type de participation'), 'team');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS + 200));
    expect(currentUrl()).toBe(
      '/admin/participants?search=participant12&category=singing&participationType=team',
    );
    expect(screen.getByLabelText('Catégorie')).toHaveValue('singing');
    expect(screen.getByLabelText('Type de participation')).toHaveValue('team');
  });

  it('sorts by a column header, keeps the sort in the URL, back on page 1, and Back undoes it', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/participants?page=3');
    expect(await screen.findByText('400 participants')).toBeVisible();
    const header = (name: string) =>
      screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('Nom')).getByRole('button'));
    expect(currentUrl()).toBe('/admin/participants?sort=name');
    expect(header('Nom')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).not.toHaveAttribute('aria-sort');
    const byName = await namesInOrder('participants', 'full_name asc', 0, 10);
    await waitFor(() => expect(rowNames()).toEqual(byName));
    expect(currentPage('Pagination des participants')).toBe('1');

    await user.click(within(header('Nom')).getByRole('button'));
    expect(currentUrl()).toBe('/admin/participants?sort=-name');
    expect(header('Nom')).toHaveAttribute('aria-sort', 'descending');
    const [lastName] = await namesInOrder('participants', 'full_name desc', 0, 1);
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(lastName));

    await user.click(within(header('Région')).getByRole('button'));
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'dance');
    expect(currentUrl()).toBe('/admin/participants?sort=region&category=dance');
    const pager = screen.getByRole('navigation', { name: 'Pagination des participants' });
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }));
    expect(currentUrl()).toBe('/admin/participants?sort=region&category=dance&page=2');
    const [second] = await namesInOrder(
      `participants where category = 'dance'`,
      'region asc',
      10,
      1,
    );
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(second));

    const back = () =>
      user.click(screen.getByRole('button', { name: 'Page précédente du navigateur' }));
    await back();
    await back();
    await back();
    expect(currentUrl()).toBe('/admin/participants?sort=-name');
    expect(header('Nom')).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(header('Date')).getByRole('button'));
    expect(currentUrl()).toBe('/admin/participants');
  });

  it('ignores values a filter does not offer and a page that is not a number', async () => {
    renderAdmin(
      '/admin/participants?category=rock&participationType=duo&page=abc&size=7&sort=email',
    );
    expect(await screen.findByText('400 participants')).toBeVisible();
    expect(screen.getByLabelText('Catégorie')).toHaveValue('');
    expect(screen.getByLabelText('Type de participation')).toHaveValue('');
    expect(screen.getByLabelText('Lignes par page')).toHaveValue('10');
    expect(currentPage('Pagination des participants')).toBe('1');
    expect(screen.getByRole('columnheader', { name: /^Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });
});
