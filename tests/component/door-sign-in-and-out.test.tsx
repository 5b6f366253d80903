/**
 * The door check-in page (/porte) against the real local backend: who may use it, a typed code
 * (validated, then "déjà entré"), the phone search, and the offline queue (scans kept while the
 * network is down, sent once when it returns, never counted twice).
 * Here: who may use it, and signing out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { loadDoorList, toStored } from '@/features/door/list/door-list-store';
import DoorPage from '@/features/door/DoorPage';
import { NOT_DOOR_STAFF, getDoorStaff } from '@/data/staff/door-sign-in';
import {
  backend,
  Network,
  routeFetchThrough,
  DOOR_EMAIL,
  DOOR_PASSWORD,
  signInDoorStaffOnTheNight,
  signIn,
  openDoor,
  pass,
  listReady,
} from './support/door';

signInDoorStaffOnTheNight();

// supabase-js keeps the `fetch` it finds when the client is created: this switch sits in front
// of the real one for the whole file. 'down': every request fails as offline; 'lose-answers':
// requests reach the database but their answers are lost (a network drop mid-request).
let network: Network = 'up';
routeFetchThrough(() => network);
afterEach(() => {
  network = 'up';
});

describe('door sign-in', () => {
  it('refuses an account that is not staff and signs it out', async () => {
    await signIn('curieux@example.cm', 'curieux-password-123');
    expect(await screen.findByText(NOT_DOOR_STAFF)).toBeVisible();
    expect(await getDoorStaff()).toBeNull();
    expect(screen.queryByLabelText('Code du pass')).toBeNull();
  });

  it('refuses a reader (lecteur): no check-in for that role', async () => {
    await signIn('lecteur@example.cm', 'lecteur-password-123');
    expect(await screen.findByText(NOT_DOOR_STAFF)).toBeVisible();
    expect(await getDoorStaff()).toBeNull();
  });

  it('says a wrong password in the admin sign-in’s words', async () => {
    await signIn(DOOR_EMAIL, 'pas-le-bon');
    expect(await screen.findByText('Email ou mot de passe incorrect')).toBeVisible();
  });

  it('lets door staff in, sets the title, and keeps them signed in on this phone', async () => {
    const { view } = await openDoor();
    expect(document.title).toBe('Contrôle des entrées — Booster Night Party');
    expect(screen.getByText(DOOR_EMAIL)).toBeVisible();
    // Nothing else than the check-in: no link anywhere (lists, exports…).
    expect(screen.queryAllByRole('link')).toEqual([]);
    screen.getByRole('button', { name: 'Déconnexion' });
    view.unmount();
    render(<DoorPage />);
    expect(await screen.findByLabelText('Code du pass')).toBeVisible();
  });
});

describe('after the sign-in (issue 31)', () => {
  it('puts the focus in the code field, says who signed in, and downloads the list', async () => {
    const { pass_code, phone } = await pass('confirmed', 'Awa Ngono');
    await openDoor();
    await waitFor(() => expect(screen.getByLabelText('Code du pass')).toHaveFocus());
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent ?? '')).toContainEqual(
        expect.stringMatching(
          /^Connecté\s:\sporte@example\.cm\. Scannez un pass ou tapez son code\.$/,
        ),
      ),
    );
    // The e-mail wraps at 320 px instead of being cut.
    expect(screen.getByText(DOOR_EMAIL).className).toContain('wrap-anywhere');
    expect(screen.getByText(DOOR_EMAIL).className).not.toContain('truncate');
    await listReady();
    const list = await loadDoorList();
    expect(list?.passes.size).toBe(1);
    // What the phone keeps names the pass by its reference: no code, no full phone.
    const kept = JSON.stringify(toStored(list!));
    expect(kept).not.toContain(pass_code);
    expect(kept).not.toContain(phone);
    expect(kept).toContain(phone.slice(-4));
  });

  it('wipes the list at sign-out', async () => {
    await pass('confirmed', 'Awa Ngono');
    const { user } = await openDoor();
    await listReady();
    expect(await loadDoorList()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    await waitFor(async () => expect(await loadDoorList()).toBeNull());
  });
});

describe('door sign-out', () => {
  const doorSessions = async () =>
    Number(
      (
        await backend.sql<{ n: string }>(
          'select count(*) as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
          [DOOR_EMAIL],
        )
      )[0].n,
    );

  it('ends this phone’s session only: another door signed in with the same account keeps working', async () => {
    const otherDoor = await backend.signedInClient(DOOR_EMAIL, DOOR_PASSWORD);
    const { user } = await openDoor();
    expect(await doorSessions()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect.poll(doorSessions).toBe(1);
    const { data, error } = await otherDoor.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(DOOR_EMAIL);
  });

  it('signs out offline at once, and the phone opens signed out afterwards', async () => {
    const { user, view } = await openDoor();
    network = 'down';
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    view.unmount();
    render(<DoorPage />);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(screen.queryByLabelText('Code du pass')).toBeNull();
    expect(await getDoorStaff()).toBeNull();
  });
});
