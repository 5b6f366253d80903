/**
 * The door check-in page (/porte) against the real local backend: who may use it, a typed code
 * (validated, then "déjà entré"), the phone search, and the offline queue (scans kept while the
 * network is down, sent once when it returns, never counted twice).
 * Here: the offline verdicts from the door list and their queue (issue 31), and signing out with
 * scans still waiting.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  Network,
  routeFetchThrough,
  signInDoorStaffOnTheNight,
  pass,
  entries,
  openDoor,
  countShows,
  listReady,
  typeCode,
  verdict,
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

describe('offline', () => {
  it('judges scans from the list while the network is down, and sends each once when it returns', async () => {
    const offlinePass = await pass('confirmed', 'Awa Ngono');
    const droppedPass = await pass('confirmed', 'Paul Mbarga');
    const lostAnswerPass = await pass('confirmed', 'Rose Abena');
    const { user } = await openDoor();
    await countShows('0 / 3');
    await listReady();

    // 1. The phone says it is offline: nothing is tried, the list answers, the scan is queued.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await typeCode(user, offlinePass.pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    expect(screen.getByText('Hors ligne')).toBeVisible();
    expect(
      screen.getByText(/^Vérifié hors ligne avec la liste de \d{1,2}\sh(?:\s\d\d)?/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    onLine.mockRestore();

    // 2. The phone thinks it is online, but requests fail.
    network = 'down';
    await typeCode(user, droppedPass.pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Paul M.');
    expect(screen.getByText('Hors ligne')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    // 3. The request reaches the database but its answer is lost: judged from the list too.
    network = 'lose-answers';
    await typeCode(user, lostAnswerPass.pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Rose A.');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    network = 'down';

    expect(
      await screen.findByText('3 contrôles en attente de réseau — seront envoyés'),
    ).toBeVisible();
    expect((await entries(offlinePass.pass_code))[0].checked_in_at).toBeNull();
    expect((await entries(droppedPass.pass_code))[0].checked_in_at).toBeNull();
    const [lost] = await entries(lostAnswerPass.pass_code);
    expect(lost.checked_in_at).not.toBeNull(); // stored, though the door never heard it

    // The network returns.
    network = 'up';
    window.dispatchEvent(new Event('online'));
    const sent = await screen.findByRole('region', { name: 'Envoyés après la coupure' });
    await waitFor(() => expect(within(sent).getAllByRole('listitem')).toHaveLength(3));
    // The retried scan carries the scan id of its first try: validated again, not a double entry.
    for (const item of within(sent).getAllByRole('listitem'))
      expect(item).toHaveTextContent('Entrée validée');
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === '3 contrôles envoyés après la coupure, 3 entrées validées.'),
    ).toBe(true);
    await countShows('3 / 3');
    await waitFor(() => expect(screen.queryByText(/en attente de réseau/)).not.toBeInTheDocument());
    for (const p of [offlinePass, droppedPass, lostAnswerPass]) {
      const [row] = await entries(p.pass_code);
      expect(row.checked_in_at).not.toBeNull();
      expect(row.checked_in_door).toBe('Porte 1');
    }
    expect((await entries(lostAnswerPass.pass_code))[0].scan).toBe(lost.scan);
    const [{ count }] = await backend.sql<{ count: number }>(
      `select count(*)::int as count from reservations where checked_in_at is not null`,
    );
    expect(count).toBe(3);
    const [{ doubles }] = await backend.sql<{ doubles: number }>(
      `select count(*)::int as doubles from door_double_entries`,
    );
    expect(doubles).toBe(0);
  });

  it('without a list yet, a scan is only queued ("En attente de réseau")', async () => {
    const waiting = await pass('confirmed', 'Awa Ngono');
    network = 'no-list';
    const { user } = await openDoor();
    expect(await screen.findByText(/^Liste des pass pas encore téléchargée/)).toBeVisible();
    network = 'down';
    await typeCode(user, waiting.pass_code);
    expect(await verdict()).toHaveTextContent('En attente de réseau — sera envoyé');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));
    network = 'up';
    window.dispatchEvent(new Event('online'));
    const sent = await screen.findByRole('region', { name: 'Envoyés après la coupure' });
    await within(sent).findByText(/Entrée validée — Awa N\./);
    expect((await entries(waiting.pass_code))[0].checked_in_door).toBe('Porte 1');
  });
});

describe('sign-out with scans still waiting for the network', () => {
  it('warns first; "Rester connecté" keeps the door, and the scans leave with the next sign-in', async () => {
    const waiting = await pass('confirmed', 'Awa Ngono');
    const { user, view } = await openDoor();
    await listReady();
    network = 'down';
    await typeCode(user, waiting.pass_code);
    expect(await verdict()).toHaveTextContent('Entrée validée — Awa N.');
    await user.click(screen.getByRole('button', { name: 'Scanner le suivant' }));

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    const warning = await screen.findByRole('region', {
      name: '1 contrôle n’est pas encore envoyé',
    });
    expect(warning).toHaveFocus();
    expect(warning).toHaveTextContent(
      'Il reste sur ce téléphone et sera envoyé à la prochaine connexion',
    );
    await user.click(within(warning).getByRole('button', { name: 'Rester connecté' }));
    expect(screen.queryByRole('region', { name: /pas encore envoyé/ })).toBeNull();
    expect(screen.getByLabelText('Code du pass')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter quand même' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect((await entries(waiting.pass_code))[0].checked_in_at).toBeNull();

    // The next steward signs in on this phone with the network back: the scan is sent, once.
    network = 'up';
    view.unmount();
    await openDoor();
    await waitFor(async () =>
      expect((await entries(waiting.pass_code))[0].checked_in_at).not.toBeNull(),
    );
    await countShows('1 / 1');
  });

  it('signs out at once when nothing is waiting', async () => {
    const { user } = await openDoor();
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
  });
});
