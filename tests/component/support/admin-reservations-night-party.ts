/**
 * Shared by the admin reservations page's Night Party tests
 * (tests/component/admin-reservations-night-party*.test.tsx): the signed-in admin, the ten
 * reservations stored before each test, and the page's rows, counts and capacity bar.
 */
import { beforeAll, beforeEach } from 'vitest';
import { screen, within } from '@testing-library/react';
import { testBackend } from '../../setup/test-backend';
import { signInAsAdmin } from '../admin-render';

export const backend = testBackend();

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

/**
 * Signs the admin in once; each test starts with the ten reservations of ROWS on 4 places + 25 %.
 */
export function signInAndStoreTenReservations(): void {
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
}

export const rowOf = (name: string) => {
  const rows = within(screen.getByRole('table')).getAllByRole('row');
  const row = rows.find((r) => within(r).queryByText(name) !== null);
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

type Counts = { confirmed: number; waitlisted: number; entered: number; cancelled: number };
export const counts = async () =>
  (
    await backend.sql<Counts>(`
      select count(*) filter (where state = 'confirmed')::int confirmed,
             count(*) filter (where state = 'waitlisted')::int waitlisted,
             count(*) filter (where checked_in_at is not null)::int entered,
             count(*) filter (where state = 'cancelled')::int cancelled
        from reservations`)
  )[0];

/** The row's "Pass" cell (the booking's state, beside "Statut", the visitor's own answer). */
export const passOf = (name: string) => (rowOf(name) as HTMLTableRowElement).cells[3];

export const capacity = () => screen.getByRole('region', { name: 'Places de la Night Party' });
