/**
 * A vote that cannot be bought (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md,
 * issue 38): 20 passes a script reserves through create_reservation (proof of work included) do
 * not vote, neither in a round open to passes validated at the door (the default) nor in a round
 * open online, which takes only the passes reserved before it was created. Real supabase-js
 * clients over HTTP against real PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { backend, anon, admin, regie, counted, signInVoteStaff } from './support/public-vote';
import { openRound, pass, vote, type Round } from './support/vote-fixtures';

signInVoteStaff();

let serial = 0;
/** 20 reservations as a script sends them: each with its proof of work, all at once. */
async function scriptedPasses(count = 20): Promise<string[]> {
  await backend.setEdition({
    capacity: 5000,
    reservations_open_at: new Date(Date.now() - 86_400_000),
  });
  await backend.sql(`delete from private.rate_hits where action = 'reserve'`);
  const base = 655_000_000 + (Date.now() % 100_000) * 10 + serial++ * 1_000_000;
  const payloads = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    full_name: `Script Votant ${i + 1}`,
    phone: String(base + i).padStart(9, '6'),
    ville: 'Douala',
    attendance_status: 'yes',
    heard_from: 'social',
    will_attend: 'yes',
    attendance_barrier: 'none',
    follows_booster_page: 'yes',
    consumes_booster_products: 'yes',
  }));
  const pows = await Promise.all(payloads.map(() => backend.proofOfWork()));
  const answers = await Promise.all(
    payloads.map((payload, i) =>
      backend.anonClient().rpc('create_reservation', { payload: { ...payload, pow: pows[i] } }),
    ),
  );
  expect(answers.map((a) => a.error)).toEqual(Array(count).fill(null));
  // The codes the messages carry (the answer names none).
  const rows = await backend.sql<{ pass_code: string; state: string }>(
    'select pass_code, state from reservations where id = any($1::uuid[])',
    [payloads.map((p) => p.id)],
  );
  expect(rows.map((r) => r.state)).toEqual(Array(count).fill('confirmed'));
  return rows.map((r) => r.pass_code);
}

async function voteAll(codes: string[], round: Round) {
  return Promise.all(codes.map((code) => vote(anon, code, round, round.candidates[0])));
}

describe('passes a script reserves', () => {
  it('do not vote in a round open to passes validated at the door (the default)', async () => {
    const codes = await scriptedPasses();
    const round = await openRound(admin, regie, 2);
    const results = await voteAll(codes, round);
    expect(results.map((r) => [r.status, r.error?.hint])).toEqual(
      Array(20).fill([403, 'vote_not_checked_in']),
    );
    expect(await counted(round)).toBe(0);
  });

  it('do not vote in a round open online once it was created; passes reserved before it do', async () => {
    const before = await pass(backend, 'confirmed');
    const round = await openRound(admin, regie, 2, { eligibility: 'confirmed' });
    const codes = await scriptedPasses();

    const results = await voteAll(codes, round);
    expect(results.map((r) => [r.status, r.error?.hint])).toEqual(
      Array(20).fill([403, 'vote_reserved_after']),
    );
    expect(results[0].error?.message.replace(/'/g, '’')).toBe(
      'Ce vote est ouvert aux pass réservés avant sa préparation : ce pass, réservé ensuite, ne permet d’y voter qu’une fois validé à l’entrée.',
    );
    const state = await anon.rpc('vote_state', { code: codes[0], known_round: round.id });
    expect(state.data).toMatchObject({
      can_vote: false,
      refusal: { code: 'vote_reserved_after' },
    });
    expect(await counted(round)).toBe(0);

    // A pass reserved before the round votes; one reserved after votes once the door validated it.
    expect((await vote(anon, before.pass_code, round, round.candidates[1])).data).toMatchObject({
      ok: true,
    });
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1'
        where pass_code = $1`,
      [codes[0]],
    );
    expect((await vote(anon, codes[0], round, round.candidates[1])).data).toMatchObject({
      ok: true,
    });
    expect(await counted(round)).toBe(2);
  });
});
