/**
 * The public vote's rules (docs/decisions/030-public-vote.md, issue 29) through real supabase-js
 * clients over HTTP. Here: what the pass page (vote_state) and the stage screen
 * (vote_screen_state) receive, and the results.
 * Shared sign-in and round reads: support/public-vote.ts; passes and rounds: support/vote-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import { NO_REFUSAL } from './support/answers';
import type { SupabaseClient } from '@supabase/supabase-js';
import { backend, anon, admin, regie, signInVoteStaff } from './support/public-vote';
import { openRound, pass, passes, vote, type Round } from './support/vote-fixtures';

signInVoteStaff();

describe('vote_state: what the pass page polls', () => {
  it('gives the open round, the pass’s right to vote and its vote; a poll stays under 1 KB', async () => {
    const long = (i: number) => `${String(i).padStart(2, '0')} ${'é'.repeat(20)}${'x'.repeat(57)}`;
    const { data: saved } = await admin.rpc('admin_save_vote_round', {
      payload: {
        title: 'T'.repeat(80),
        candidates: Array.from({ length: 12 }, (_, i) => ({
          number: i + 1,
          name: long(i),
          line: long(i + 50),
        })),
      },
    });
    const round = (await regie.rpc('regie_open_round', { id: (saved as Round).id })).data as Round;
    expect(round.candidates[0].name).toHaveLength(80);
    const { pass_code } = await pass(backend);
    await vote(anon, pass_code, round, round.candidates[11]);

    const first = await anon.rpc('vote_state', { code: pass_code });
    expect(first.data).toEqual({
      ...NO_REFUSAL,
      poll: true,
      server_now: expect.any(String),
      round: {
        id: round.id,
        title: round.title,
        closes_at: round.closes_at,
        candidates: round.candidates.map(({ id, number, name, line }) => ({
          id,
          number,
          name,
          line,
        })),
      },
      can_vote: true,
      refusal: null,
      my_vote: round.candidates[11].id,
    });
    // Polling with the round it holds: no candidates, under 1 KB (the body as sent, UTF-8).
    const res = await fetch(`${backend.url}/rest/v1/rpc/vote_state`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: pass_code, known_round: round.id }),
    });
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ round: { id: round.id, candidates: null } });
    expect(Buffer.byteLength(body)).toBeLessThan(1024);
  });

  it('says why a pass may not vote, in French', async () => {
    const round = await openRound(admin, regie);
    const confirmed = await pass(backend, 'confirmed');
    expect(
      (await anon.rpc('vote_state', { code: confirmed.pass_code, known_round: round.id })).data,
    ).toMatchObject({
      can_vote: false,
      refusal: {
        code: 'vote_not_checked_in',
        message:
          'Ce pass n’a pas encore été validé à l’entrée : faites-le scanner à la porte pour voter.',
      },
    });
    expect((await anon.rpc('vote_state', { code: 'ABCDEFGHJK' })).data).toMatchObject({
      round: null,
      can_vote: false,
      refusal: { code: 'pass_unknown', message: 'Pass inconnu : vérifiez le code.' },
    });
    // No round open, outside the concert: nothing to poll for.
    await regie.rpc('regie_close_round', { id: round.id });
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 30 * 86_400_000),
      doors_open_at: new Date(Date.now() + 30 * 86_400_000 - 7_200_000),
    });
    try {
      const { pass_code } = await pass(backend);
      expect((await anon.rpc('vote_state', { code: pass_code })).data).toMatchObject({
        poll: false,
        round: null,
        can_vote: false,
        refusal: null,
        my_vote: null,
      });
    } finally {
      await backend.setEdition({
        concert_starts_at: new Date(Date.now() + 3_600_000),
        doors_open_at: new Date(Date.now() - 3_600_000),
      });
    }
  });
});

describe('vote_screen_state and the results', () => {
  it('shows idle, open, closed and revealed; the counts only once revealed', async () => {
    expect((await anon.rpc('vote_screen_state')).data).toEqual({
      mode: 'idle',
      server_now: expect.any(String),
      round: null,
    });
    const round = await openRound(admin, regie);
    const voters = await passes(backend, 5);
    const picks = [0, 2, 2, 1, 2];
    for (const [i, p] of voters.entries()) {
      await vote(anon, p.pass_code, round, round.candidates[picks[i]]);
    }
    const open = (await anon.rpc('vote_screen_state')).data;
    expect(open).toEqual({
      mode: 'open',
      server_now: expect.any(String),
      round: {
        id: round.id,
        title: round.title,
        closes_at: round.closes_at,
        voters: 5,
        winner: null,
        candidates: round.candidates.map(({ number, name, line }) => ({
          number,
          name,
          line,
          votes: null,
          share: null,
        })),
      },
    });
    // The régie sees the voters' count, not the tally, until the reveal; the admin once closed.
    const listed = async (c: SupabaseClient) =>
      ((await c.rpc('vote_rounds_list')).data as Round[]).find((r) => r.id === round.id)!;
    expect(await listed(regie)).toMatchObject({ voters: 5, winner: null });
    expect((await listed(regie)).candidates.map((c) => c.votes)).toEqual([null, null, null]);
    await regie.rpc('regie_close_round', { id: round.id });
    expect((await anon.rpc('vote_screen_state')).data).toMatchObject({
      mode: 'closed',
      round: { voters: 5, winner: null, candidates: [{ votes: null }, {}, {}] },
    });
    expect((await listed(regie)).candidates.map((c) => c.votes)).toEqual([null, null, null]);
    expect((await listed(admin)).candidates.map((c) => c.votes)).toEqual([1, 1, 3]);
    expect((await regie.rpc('admin_vote_results', { round_id: round.id })).error?.code).toBe(
      '42501',
    );
    expect((await admin.rpc('admin_vote_results', { round_id: round.id })).data).toEqual({
      round_id: round.id,
      title: round.title,
      state: 'closed',
      opened_at: expect.any(String),
      closed_at: expect.any(String),
      voters: 5,
      winner: 3,
      candidates: [
        { number: 1, name: 'Candidat 1', line: 'Ville 1', votes: 1, share: 20 },
        { number: 2, name: 'Candidat 2', line: 'Ville 2', votes: 1, share: 20 },
        { number: 3, name: 'Candidat 3', line: 'Ville 3', votes: 3, share: 60 },
      ],
      ...NO_REFUSAL,
    });
    await regie.rpc('regie_reveal_round', { id: round.id });
    expect((await anon.rpc('vote_screen_state')).data).toMatchObject({
      mode: 'revealed',
      round: {
        voters: 5,
        winner: 3,
        candidates: [
          { number: 1, votes: 1, share: 20 },
          { number: 2, votes: 1, share: 20 },
          { number: 3, votes: 3, share: 60 },
        ],
      },
    });
    expect((await listed(regie)).candidates.map((c) => c.votes)).toEqual([1, 1, 3]);
    expect((await regie.rpc('regie_reset_screen')).data).toMatchObject({ mode: 'idle' });
  });

  it('names no winner on a tie, and shares to one decimal', async () => {
    const round = await openRound(admin, regie, 3);
    const voters = await passes(backend, 3);
    for (const [i, p] of voters.entries()) {
      await vote(anon, p.pass_code, round, round.candidates[i]);
    }
    await regie.rpc('regie_close_round', { id: round.id });
    const { data } = await regie.rpc('regie_reveal_round', { id: round.id });
    expect(data).toMatchObject({
      winner: null,
      candidates: [{ share: 33.3 }, { share: 33.3 }, { share: 33.3 }],
    });
  });

  it('answers in under 20 ms at 3,000 votes', async () => {
    const round = await openRound(admin, regie, 12);
    const voters = await passes(backend, 3000);
    await backend.sql(
      `insert into votes (round_id, reservation_id, candidate_id, last_vote_id)
       select $1, r.id, (array(select id from vote_candidates where round_id = $1 order by number))[1 + (g % 12)],
              gen_random_uuid()
         from unnest($2::uuid[]) with ordinality r(id, g)`,
      [round.id, voters.map((v) => v.id)],
    );
    await backend.sql('analyze votes');
    // The execution time EXPLAIN ANALYZE reports, median of 30.
    const runs: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [plan] = await backend.sql<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        'explain (analyze, format json) select public.vote_screen_state()',
      );
      runs.push(plan['QUERY PLAN'][0]['Execution Time']);
    }
    const ms = runs.sort((a, b) => a - b)[15];
    expect((await anon.rpc('vote_screen_state')).data).toMatchObject({ round: { voters: 3000 } });
    expect(ms).toBeLessThan(20);
  });
});
