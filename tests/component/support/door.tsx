/**
 * Shared by the door page's tests (tests/component/door-*.test.tsx): door staff on the night of
 * the concert, passes written as superuser, and the page's sign-in, code and verdict helpers.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DoorPage from '@/features/door/DoorPage';
import { signOutDoor } from '@/data/staff/door-sign-in';
import { wipeDoorList } from '@/features/door/list/door-list-store';
import { testBackend } from '../../setup/test-backend';

export const backend = testBackend();

export type Network = 'up' | 'down' | 'lose-answers' | 'no-list';

/**
 * Puts a switch in front of the real `fetch`, read on every request: 'down' fails every
 * request as offline, 'lose-answers' lets it reach the database and loses the answer, 'no-list'
 * fails only the door list's downloads.
 */
export function routeFetchThrough(network: () => Network): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
    if (network() === 'down') throw new TypeError('Failed to fetch');
    if (network() === 'no-list' && String(args[0]).includes('/rpc/door_list'))
      throw new TypeError('Failed to fetch');
    const response = await realFetch(...args);
    if (network() === 'lose-answers') throw new TypeError('Failed to fetch');
    return response;
  };
}

export const DOOR_EMAIL = 'porte@example.cm';
export const DOOR_PASSWORD = 'porte-password-123';

/** The night: the concert starts in an hour, the doors opened an hour ago (the door window). */
export const openTheDoors = () =>
  backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });

/**
 * Opens the doors and creates the staff once; each test starts with no reservation, and ends signed
 * out.
 */
export function signInDoorStaffOnTheNight(): void {
  beforeAll(async () => {
    await openTheDoors();
    await backend.createUser(DOOR_EMAIL, DOOR_PASSWORD, { role: 'controle' });
    await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
    await backend.createUser('curieux@example.cm', 'curieux-password-123');
    // The checks' cost (60,000 iterations, ADR 036) has its own test and the bench; here the
    // list is derived at once so each download holds every pass.
    await backend.sql('update private.door_key set iterations = 1000');
    // The doors the admins declared (docs/decisions/043-the-door-fits-the-hand.md).
    await backend.sql('delete from private.declared_doors');
    await backend.sql(
      "insert into private.declared_doors (position, name) values (1, 'Porte 1'), (2, 'Porte 2'), (3, 'Porte 3')",
    );
  });

  beforeEach(async () => {
    await backend.sql('delete from reservations');
  });

  afterEach(async () => {
    await signOutDoor();
    // As the page's own sign-out does: the next test's door downloads its list afresh.
    await wipeDoorList();
    localStorage.clear();
  });
}

let serial = 0;
/** A reservation written as superuser; returns its pass code and phone. */
export async function pass(
  state: 'confirmed' | 'waitlisted' | 'cancelled' = 'confirmed',
  name = 'Awa Ngono',
) {
  const n = ++serial;
  const [row] = await backend.sql<{ pass_code: string; phone: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number, cancelled_at)
     values ($1, $2, 'Douala', 'flyer', $3,
             case when $3 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $3 = 'cancelled' then now() end)
     returning pass_code, phone`,
    [name, `69${String(n).padStart(7, '0')}`, state],
  );
  return row;
}

export const entries = (code: string) =>
  backend.sql<{ checked_in_at: Date | null; checked_in_door: string | null; scan: string | null }>(
    `select checked_in_at, checked_in_door, check_in_scan_id::text as scan
       from reservations where pass_code = $1`,
    [code],
  );

export async function signIn(email = DOOR_EMAIL, password = DOOR_PASSWORD) {
  const user = userEvent.setup();
  const view = render(<DoorPage />);
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return { user, view };
}

/** After the sign-in: the steward chooses their door among the declared ones. */
export async function chooseDoor(user: ReturnType<typeof userEvent.setup>, door = 'Porte 1') {
  await user.click(await screen.findByRole('radio', { name: door }));
  await user.click(screen.getByRole('button', { name: 'Commencer le contrôle' }));
}

/** Signs in as door staff, chooses `door` and waits for the check-in screen. */
export async function openDoor(door = 'Porte 1') {
  const { user, view } = await signIn();
  await chooseDoor(user, door);
  await screen.findByRole('heading', { level: 1, name: 'Contrôle des entrées' });
  await screen.findByLabelText('Code du pass');
  return { user, view };
}

/** The door list has been downloaded (the page judges passes without the network from now on). */
export const listReady = () =>
  screen.findByText(/^Liste des pass à jour à \d{1,2}\sh/, {}, { timeout: 10_000 });

/** The live count "entered / expected" reads `text`. */
export const countShows = (text: string) => screen.findByText(text, { selector: 'dd' });

export async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('Code du pass'), code);
  await user.click(screen.getByRole('button', { name: 'Valider le code' }));
}

/** The verdict's title: the only level-2 heading while the rest of the screen is hidden. */
export async function verdict() {
  await screen.findByRole('button', { name: 'Scanner le suivant' });
  return screen.getByRole('heading', { level: 2 });
}
