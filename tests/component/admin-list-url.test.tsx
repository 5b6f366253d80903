import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillLarge } from '../../bench/support/fill-large';
import { testBackend } from '../setup/test-backend';
import { SEARCH_DELAY_MS } from '@/features/admin/ui/use-list-query';
import { currentUrl, renderAdmin, shownCount, signInAsAdmin } from './admin-render';

/**
 * The participants' and reservations' list state lives in the URL: a link opens the same view,
 * Back/Forward and "Retour à la liste" return to it, and a new search or filter starts at page 1.
 */
const backend = testBackend();

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await fillLarge(backend.db.admin, { participants: 400, reservations: 120 });
  await signInAsAdmin('chef@example.cm', 'chef-password-123');
});

const count = async (where: string, table = 'participants') =>
  ((await backend.sql(`select count(*)::int n from ${table} where ${where}`)) as { n: number }[])[0]
    .n;

/** The names of the participants at `offset` (newest first, as the list orders them). */
const namesAt = async (where: string, offset: number, limit: number) =>
  (
    (await backend.sql(
      `select full_name from participants where ${where}
        order by created_at desc, id desc offset ${offset} limit ${limit}`,
    )) as { full_name: string }[]
  ).map((r) => r.full_name);

/** The names at `offset` in another order (equal values: newest first, as the list breaks ties). */
const namesInOrder = async (table: string, orderBy: string, offset: number, limit: number) =>
  (
    (await backend.sql(
      `select full_name from ${table}
        order by ${orderBy}, created_at desc, id desc offset ${offset} limit ${limit}`,
    )) as { full_name: string }[]
  ).map((r) => r.full_name);

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** The name in each row (a team's name is under it, in the same cell). */
const rowNames = () => {
  // The name's column (the participants list starts with a selection checkbox).
  const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
  const name = headers.findIndex((h) => /^Nom/.test(h.textContent ?? ''));
  const TEAM = /Équipe\s:\s/;
  return bodyRows().map((r) => within(r).getAllByRole('cell')[name].textContent?.split(TEAM)[0]);
};

const currentPage = (label: string) =>
  within(screen.getByRole('navigation', { name: label }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .find((b) => b.getAttribute('aria-current') === 'page')?.textContent;

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
