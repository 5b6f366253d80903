/**
 * The judge's page (/jury) without a network: cards kept on the device and counted as waiting,
 * sent once when the network returns (an answer lost on the way is not counted twice), the
 * sign-out's warning, and a card refused because the session was locked meanwhile, kept visible.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  backend,
  cards,
  currentName,
  openJury,
  PASSWORD,
  routeFetchThrough,
  scoreAll,
  signOutAfterEach,
  todaysSession,
  type Network,
} from './support/jury';

signOutAfterEach();
let network: Network = 'up';
routeFetchThrough(() => network);
afterEach(() => {
  network = 'up';
});

const form = () => screen.getByRole('form', { name: /^Notes de / });
const next = (user: Awaited<ReturnType<typeof openJury>>['user']) =>
  user.click(within(form()).getByRole('button', { name: /^(Suivant|Enregistrer)$/ }));

describe('offline', () => {
  it('keeps the cards, says how many wait, and sends each once when the network returns', async () => {
    const s = await todaysSession();
    const { user } = await openJury(s.judges[1]);

    network = 'down';
    await scoreAll(user, 6);
    await next(user);
    await waitFor(() => expect(currentName()).toBe('Bibi Eto'));
    expect(await screen.findByText('1 note en attente d’envoi')).toBeVisible();
    await user.click(within(form()).getByRole('button', { name: 'Absent' }));
    expect(await screen.findByText('2 notes en attente d’envoi')).toBeVisible();
    expect(await cards(s.id)).toEqual([]);

    // The answer to the third card is lost on the way: stored, but the page does not know.
    network = 'lose-answers';
    await scoreAll(user, 9);
    await next(user);
    expect(await screen.findByText(/^[23] notes en attente d’envoi$/)).toBeVisible();

    network = 'up';
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Toutes vos notes sont envoyées.')).toBeVisible();
    const stored = await cards(s.id);
    expect(stored).toHaveLength(3);
    expect(stored.map((c) => c.revision)).toEqual([1, 1, 1]);
    const byPerson = new Map(stored.map((c) => [c.participant_id, c]));
    expect(byPerson.get(s.people[0])).toMatchObject({ absent: false, n: 4 });
    expect(byPerson.get(s.people[1])).toMatchObject({ absent: true, n: 0 });
    expect(byPerson.get(s.people[2])).toMatchObject({ absent: false, n: 4 });
    const [{ count }] = await backend.sql<{ count: number }>(
      `select count(*)::int as count from audit_log where action = 'jury.score'
          and after->>'session_id' = $1`,
      [s.id],
    );
    expect(count).toBeLessThanOrEqual(3);
  });

  it('warns at sign-out while notes wait; "Rester connecté" keeps the page', async () => {
    const s = await todaysSession();
    const { user } = await openJury(s.judges[0]);
    network = 'down';
    await scoreAll(user, 5);
    await next(user);
    await screen.findByText('1 note en attente d’envoi');

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    const warning = await screen.findByRole('region', {
      name: '1 note n’est pas encore envoyée',
    });
    await waitFor(() => expect(warning).toHaveFocus());
    expect(warning).toHaveTextContent('Elle reste sur cet appareil et sera envoyée');
    await user.click(within(warning).getByRole('button', { name: 'Rester connecté' }));
    expect(screen.queryByRole('region', { name: /pas encore envoyée/ })).toBeNull();
    expect(form()).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter quand même' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
  });

  it('a card refused because the session was locked meanwhile stays visible as refused', async () => {
    const s = await todaysSession();
    const lead = await backend.signedInClient(s.judges[0], PASSWORD);
    const { user } = await openJury(s.judges[1]);
    network = 'down';
    await scoreAll(user, 7);
    await next(user);
    await screen.findByText('1 note en attente d’envoi');

    // Meanwhile the lead judge locks the session from their phone (forced: not everyone has
    // scored); this judge's phone is still offline.
    network = 'up';
    const locked = await lead.rpc('jury_lock_session', { session_id: s.id, force: true });
    expect(locked.error).toBeNull();
    window.dispatchEvent(new Event('online'));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Notes refusées');
    expect(refused).toHaveTextContent(
      /Awa Ngono : Session verrouillée : la note n[’']a pas été enregistrée\./,
    );
    expect(await cards(s.id)).toEqual([]);
    // Nothing waits any more, but a refused note is not a sent one (issue 40, item 4).
    await waitFor(() => expect(screen.queryByText(/en attente d’envoi/)).toBeNull());
    expect(screen.queryByText('Toutes vos notes sont envoyées.')).toBeNull();
  });
});
