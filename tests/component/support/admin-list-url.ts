/**
 * Shared by the list-in-the-URL tests (tests/component/admin-list-url*.test.tsx): a signed-in
 * admin with 400 participants and 120 reservations, the names the database orders, and the rows
 * and page the list shows.
 */
import { beforeAll } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fillLarge } from '../../../bench/support/fill-large';
import { testBackend } from '../../setup/test-backend';
import { signInAsAdmin } from '../admin-render';

const backend = testBackend();

/** Creates the admin, 400 participants and 120 reservations, and signs in, once for the file. */
export function signInWithALargeEdition(): void {
  beforeAll(async () => {
    await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
    await fillLarge(backend.db.admin, { participants: 400, reservations: 120 });
    await signInAsAdmin('chef@example.cm', 'chef-password-123');
  });
}

export const count = async (where: string, table = 'participants') =>
  ((await backend.sql(`select count(*)::int n from ${table} where ${where}`)) as { n: number }[])[0]
    .n;

/** The names of the participants at `offset` (newest first, as the list orders them). */
export const namesAt = async (where: string, offset: number, limit: number) =>
  (
    (await backend.sql(
      `select full_name from participants where ${where}
        order by created_at desc, id desc offset ${offset} limit ${limit}`,
    )) as { full_name: string }[]
  ).map((r) => r.full_name);

/** The names at `offset` in another order (equal values: newest first, as the list breaks ties). */
export const namesInOrder = async (table: string, orderBy: string, offset: number, limit: number) =>
  (
    (await backend.sql(
      `select full_name from ${table}
        order by ${orderBy}, created_at desc, id desc offset ${offset} limit ${limit}`,
    )) as { full_name: string }[]
  ).map((r) => r.full_name);

export const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/**
 * The name in each row: the first line of its cell when the cell has titled lines (the
 * participants list: the name, then reference, category and team, each whole in its title),
 * else the cell's text.
 */
export const rowNames = () => {
  // The name's column (the participants list starts with a selection checkbox).
  const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
  const name = headers.findIndex((h) => /^Nom/.test(h.textContent ?? ''));
  return bodyRows().map((r) => {
    const cell = within(r).getAllByRole('cell')[name];
    return (within(cell).queryAllByTitle(/./)[0] ?? cell).textContent;
  });
};

export const currentPage = (label: string) =>
  within(screen.getByRole('navigation', { name: label }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .find((b) => b.getAttribute('aria-current') === 'page')?.textContent;
