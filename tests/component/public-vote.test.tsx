import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { MemoryRouter } from 'react-router';
import App from '@/app/App';
import ScreenPage from '@/features/vote/screen/ScreenPage';
import { resetPublicQueries } from '@/lib/public-query';
import { testBackend } from '../setup/test-backend';
import {
  clearVotes,
  draftRound,
  openRound,
  pass,
  vote,
  type Round,
} from '../integration/support/vote-fixtures';

/**
 * The public vote's public side against the real local backend: the stage screen's four faces
 * (and a dropped network), and voting from a pass (one tap, a change, a lost answer sent again
 * with its vote_id, a pass the door has not validated refused in French).
 */
const backend = testBackend();
const SLOW = { timeout: 8000 };

// A switch in front of the real fetch: `down` fails the stage screen's requests as offline (the
// test's own staff calls still go through); `loseNextCast` lets the next cast_vote reach the
// database and loses its answer.
let down = false;
let loseNextCast = false;
let castRequests = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const url = String(args[0] instanceof Request ? args[0].url : args[0]);
  if (down && url.endsWith('/rpc/vote_screen_state')) throw new TypeError('Failed to fetch');
  const response = await realFetch(...args);
  if (url.endsWith('/rpc/cast_vote')) {
    castRequests += 1;
    if (loseNextCast) {
      loseNextCast = false;
      throw new TypeError('Failed to fetch');
    }
  }
  return response;
};

let admin: SupabaseClient;
let desk: SupabaseClient;

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
  desk = await backend.signedInClient('regie@example.cm', 'regie-password-123');
  // The night: the doors opened an hour ago (the pass page polls only then).
  await backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });
});

beforeEach(async () => {
  await clearVotes(backend);
  castRequests = 0;
});

afterEach(() => {
  down = false;
  loseNextCast = false;
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  resetPublicQueries();
});

const run = async (fn: string, round: Round) => {
  const { error } = await desk.rpc(fn, { id: round.id });
  if (error) throw new Error(error.message);
};

describe('/ecran, the stage screen', () => {
  it('shows idle, open (candidates, voters, QR code), closed and revealed, and survives a drop', async () => {
    render(
      <MemoryRouter>
        <ScreenPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Préparez votre pass', {}, SLOW)).toBeVisible();

    const round = await openRound(admin, desk, 3, { title: 'Compétition de chant' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compétition de chant' }, SLOW),
    ).toBeVisible();
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Candidat 2')).toBeVisible();
    expect(screen.getByRole('img', { name: 'QR code vers la page de vote' })).toBeVisible();
    expect(screen.getByText('Votez depuis votre pass')).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^1:(2\d|30)$/);
    expect(screen.getByText('Aucun votant')).toBeVisible();

    const [a, b] = [await pass(backend), await pass(backend)];
    await vote(backend.anonClient(), a.pass_code, round, round.candidates[1]);
    await vote(backend.anonClient(), b.pass_code, round, round.candidates[1]);
    expect(await screen.findByText('2 votants', {}, SLOW)).toBeVisible();
    // Nothing of the tally while the round is open.
    expect(screen.queryByText(/%/)).toBeNull();

    // The network drops: the face stays, a discreet marker says so; it catches up once back.
    down = true;
    expect(await screen.findByText('connexion perdue', {}, SLOW)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Compétition de chant' })).toBeVisible();
    await run('regie_close_round', round);
    down = false;
    expect(await screen.findByRole('heading', { level: 1, name: 'Vote clos' }, SLOW)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByText('2 votants')).toBeVisible();

    await run('regie_reveal_round', round);
    expect(await screen.findByText('Vainqueur : n° 2 — Candidat 2', {}, SLOW)).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Résultats' });
    expect(within(results).getByText('100 %')).toBeVisible();
    expect(within(results).getByText('2 votes')).toBeVisible();

    const { error } = await desk.rpc('regie_reset_screen');
    expect(error).toBeNull();
    expect(await screen.findByText('Préparez votre pass', {}, SLOW)).toBeVisible();
  }, 40_000);
});

describe('voting from /pass/:code', () => {
  async function openPass(code: string) {
    window.history.replaceState(null, '', `/pass/${code}`);
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Mon pass Night Party' }, SLOW);
  }

  const votes = (round: Round) =>
    backend.sql<{ number: number; changes: number }>(
      `select c.number, v.changes from votes v join vote_candidates c on c.id = v.candidate_id
        where v.round_id = $1`,
      [round.id],
    );

  it('votes with one tap, changes the vote, and sends a lost vote again with its vote_id', async () => {
    const user = userEvent.setup({ delay: null });
    const round = await openRound(admin, desk, 3, { title: 'Battle de danse' });
    const voter = await pass(backend);
    await openPass(voter.pass_code);
    await waitFor(() => expect(localStorage.getItem('booster-last-pass')).toBe(voter.pass_code));

    const ballot = await screen.findByRole('region', { name: 'Battle de danse' }, SLOW);
    const buttons = within(ballot).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Candidat 1'),
      expect.stringContaining('Candidat 2'),
      expect.stringContaining('Candidat 3'),
    ]);

    // The first answer is lost: the same vote goes again (same vote_id), counted once.
    loseNextCast = true;
    await user.click(within(ballot).getByRole('button', { name: /n° 2 — Candidat 2/ }));
    expect(
      await within(ballot).findByText('Vote enregistré : n° 2 — Candidat 2', {}, SLOW),
    ).toBeVisible();
    expect(castRequests).toBe(2);
    expect(await votes(round)).toEqual([{ number: 2, changes: 0 }]);
    expect(within(ballot).getByRole('button', { name: /Candidat 2/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(ballot).getByRole('button', { name: /n° 3 — Candidat 3/ }));
    expect(
      await within(ballot).findByText('Vote enregistré : n° 3 — Candidat 3', {}, SLOW),
    ).toBeVisible();
    expect(await votes(round)).toEqual([{ number: 3, changes: 1 }]);
    expect(within(ballot).getByText(/changer votre vote jusqu’à la clôture/)).toBeVisible();
  }, 30_000);

  it('keeps "Vote clos" on screen when the régie closed the round just before the tap, until dismissed', async () => {
    const user = userEvent.setup({ delay: null });
    const round = await openRound(admin, desk, 2, { title: 'Battle de danse' });
    const voter = await pass(backend);
    await openPass(voter.pass_code);
    const ballot = await screen.findByRole('region', { name: 'Battle de danse' }, SLOW);
    // Closed early by the régie: this phone still shows the ballot (it asks every 10-15 s).
    await run('regie_close_round', round);
    await user.click(within(ballot).getByRole('button', { name: /n° 1 — Candidat 1/ }));

    const said = 'Vote clos\u00a0: votre choix n’a pas été compté';
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(said);
    // The page asked again: the ballot left with the round, the notice stays.
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Battle de danse' })).toBeNull(),
      SLOW,
    );
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(screen.getByRole('alert').textContent).toBe(said);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(await votes(round)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'J’ai compris' }));
    expect(screen.queryByText(said)).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  }, 30_000);

  it('tells a pass not yet validated at the door why it may not vote, in French', async () => {
    await openRound(admin, desk, 2, { title: 'Battle de danse' });
    const waiting = await pass(backend, 'confirmed');
    await openPass(waiting.pass_code);
    const panel = await screen.findByRole('region', { name: 'Battle de danse' }, SLOW);
    expect(within(panel).getByText(/pas encore été validé à l.entrée/)).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('shows nothing of the vote while no round is open', async () => {
    await draftRound(admin, 2);
    const voter = await pass(backend);
    await openPass(voter.pass_code);
    await act(() => new Promise((r) => setTimeout(r, 500)));
    expect(screen.queryByText('Vote du public')).toBeNull();
  });
});

describe('/vote', () => {
  it('opens the last pass used on this phone, or asks for its code', async () => {
    const user = userEvent.setup({ delay: null });
    const voter = await pass(backend);
    window.history.replaceState(null, '', '/vote');
    const { unmount } = render(<App />);
    const field = await screen.findByLabelText('Code du pass', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Ouvrir mon pass' }));
    expect(await screen.findByText('Indiquez le code de votre pass.')).toBeVisible();
    await user.type(field, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Ouvrir mon pass' }));
    expect(await screen.findByText(/^Code invalide/)).toBeVisible();
    await user.clear(field);
    await user.type(field, voter.pass_code.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Ouvrir mon pass' }));
    await screen.findByRole('heading', { level: 1, name: 'Mon pass Night Party' }, SLOW);
    await waitFor(() => expect(localStorage.getItem('booster-last-pass')).toBe(voter.pass_code));
    unmount();

    window.history.replaceState(null, '', '/vote');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Mon pass Night Party' }, SLOW);
    expect(window.location.pathname).toBe(`/pass/${voter.pass_code}`);
  });
});
