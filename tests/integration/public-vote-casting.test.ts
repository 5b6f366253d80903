/**
 * The public vote's rules (docs/decisions/030-public-vote.md, issue 29) through real supabase-js
 * clients over HTTP. Here: who may vote and the French refusals, the change of vote,
 * the idempotent vote_id, and the personal-data purge.
 * Shared sign-in and round reads: support/public-vote.ts; passes and rounds: support/vote-fixtures.ts.
 */
import { describe, expect, it } from 'vitest';
import { NO_REFUSAL } from './support/answers';
import { backend, anon, admin, regie, counted, signInVoteStaff } from './support/public-vote';
import { draftRound, openRound, pass, passes, vote } from './support/vote-fixtures';

signInVoteStaff();

describe('cast_vote: who may vote', () => {
  it('refuses in French, with its code, and stores nothing', async () => {
    const round = await openRound(admin, regie);
    const [c1, c2] = round.candidates;
    const other = await draftRound(admin);
    const cases: [string, number, string, string][] = [
      [(await pass(backend, 'confirmed')).pass_code, 403, 'vote_not_checked_in', 'Ce pass n’a'],
      [(await pass(backend, 'waitlisted')).pass_code, 403, 'vote_waitlisted', 'liste d’attente'],
      [(await pass(backend, 'cancelled')).pass_code, 403, 'vote_cancelled', 'Ce pass est annulé'],
      ['ABCDEFGHJK', 404, 'pass_unknown', 'Pass inconnu : vérifiez le code.'],
    ];
    for (const [code, status, hint, message] of cases) {
      const { error, status: got } = await vote(anon, code, round, c1);
      expect(got).toBe(status);
      expect(error).toMatchObject({ hint });
      expect(error?.message.replace(/'/g, '’')).toContain(message);
    }
    const voter = await pass(backend);
    // A candidate of another round, and a round that is not open.
    const bad = await vote(anon, voter.pass_code, round, other.candidates[0]);
    expect(bad.error).toMatchObject({
      hint: 'vote_bad_candidate',
      message: 'Ce candidat ne fait pas partie de ce vote.',
    });
    const draft = await vote(anon, voter.pass_code, other, other.candidates[0]);
    expect(draft.error).toMatchObject({
      hint: 'vote_closed',
      message: 'Ce vote n’est pas ouvert.',
    });
    expect(await counted(round)).toBe(0);

    expect((await vote(anon, voter.pass_code, round, c2)).data).toMatchObject({ ok: true });
    await regie.rpc('regie_close_round', { id: round.id });
    const late = await vote(anon, voter.pass_code, round, c1);
    expect(late.status).toBe(409);
    expect(late.error).toMatchObject({
      hint: 'vote_closed',
      message: 'Le vote est clos : ce choix n’a pas été enregistré.',
    });
    const [row] = await backend.sql('select candidate_id::text from votes where round_id = $1', [
      round.id,
    ]);
    expect(row).toEqual({ candidate_id: c2.id });
  });

  it('lets a confirmed pass reserved before the round vote in a round open to confirmed passes', async () => {
    const { pass_code } = await pass(backend, 'confirmed');
    const round = await openRound(admin, regie, 2, { eligibility: 'confirmed' });
    expect((await vote(anon, pass_code, round, round.candidates[1])).data).toMatchObject({
      ok: true,
      candidate: { number: 2, name: 'Candidat 2' },
    });
    const waitlisted = await pass(backend, 'waitlisted');
    expect(
      (await vote(anon, waitlisted.pass_code, round, round.candidates[1])).error,
    ).toMatchObject({ hint: 'vote_waitlisted' });
  });

  it('counts the last vote of a pass, and at most 20 changes per pass and round', async () => {
    const round = await openRound(admin, regie);
    const [c1, c2, c3] = round.candidates;
    const { pass_code, id } = await pass(backend);
    // Typed with spaces and in lower case, as a phone keyboard may send it.
    const typed = `${pass_code.slice(0, 5).toLowerCase()} ${pass_code.slice(5)}`;
    expect((await vote(anon, typed, round, c1)).data).toMatchObject({ candidate: { number: 1 } });
    expect((await vote(anon, pass_code, round, c3)).data).toMatchObject({
      candidate: { number: 3 },
    });
    const rows = await backend.sql(
      'select candidate_id::text, changes from votes where reservation_id = $1',
      [id],
    );
    expect(rows).toEqual([{ candidate_id: c3.id, changes: 1 }]);
    for (let i = 2; i <= 20; i++) {
      const { error } = await vote(anon, pass_code, round, i % 2 ? c1 : c2);
      expect(error).toBeNull();
    }
    const refused = await vote(anon, pass_code, round, c3);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      hint: 'vote_too_many',
      message: 'Trop de changements de vote pour ce pass : votre dernier choix reste compté.',
    });
    // The 21st accepted vote (20th change) still counts: c2.
    expect(
      await backend.sql('select candidate_id::text, changes from votes where reservation_id = $1', [
        id,
      ]),
    ).toEqual([{ candidate_id: c2.id, changes: 20 }]);
    // Another pass is not limited by this one (per pass, never per address).
    const other = await pass(backend);
    expect((await vote(anon, other.pass_code, round, c3)).error).toBeNull();
  });
});

describe('cast_vote: a retried vote_id', () => {
  it('answers its first answer, even after a change and after the close', async () => {
    const round = await openRound(admin, regie);
    const [c1, c2] = round.candidates;
    const { pass_code } = await pass(backend);
    const first = crypto.randomUUID();
    const answer = (await vote(anon, pass_code, round, c1, first)).data;
    expect(answer).toEqual({
      ...NO_REFUSAL,
      ok: true,
      round_id: round.id,
      vote_id: first,
      candidate: { id: c1.id, number: 1, name: 'Candidat 1' },
    });
    // The same vote_id again, even naming another candidate: the first answer, nothing changes.
    expect((await vote(anon, pass_code, round, c2, first)).data).toEqual(answer);
    expect(await backend.sql('select changes from votes where round_id = $1', [round.id])).toEqual([
      { changes: 0 },
    ]);
    await vote(anon, pass_code, round, c2);
    expect((await vote(anon, pass_code, round, c1, first)).data).toEqual(answer);
    await regie.rpc('regie_close_round', { id: round.id });
    expect((await vote(anon, pass_code, round, c1, first)).data).toEqual(answer);
    const [row] = await backend.sql('select candidate_id::text from votes where round_id = $1', [
      round.id,
    ]);
    expect(row).toEqual({ candidate_id: c2.id });
  });

  it('refuses a vote_id already used by another pass', async () => {
    const round = await openRound(admin, regie);
    const [a, b] = await passes(backend, 2);
    const id = crypto.randomUUID();
    await vote(anon, a.pass_code, round, round.candidates[0], id);
    const { error, status } = await vote(anon, b.pass_code, round, round.candidates[1], id);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '22023',
      hint: 'invalid_field',
      details: 'vote_id',
      message: 'Cet identifiant de vote a déjà servi pour un autre vote.',
    });
    expect(await counted(round)).toBe(1);
  });
});

describe('the personal-data purge', () => {
  it('keeps the counts when the reservations are deleted: the votes lose their pass', async () => {
    const round = await openRound(admin, regie);
    const voters = await passes(backend, 3);
    for (const [i, p] of voters.entries()) {
      await vote(anon, p.pass_code, round, round.candidates[i % 2]);
    }
    await regie.rpc('regie_close_round', { id: round.id });
    await backend.sql('delete from reservations where id = any ($1::uuid[])', [
      voters.map((v) => v.id),
    ]);
    expect(
      await backend.sql(
        `select count(*)::int n, count(reservation_id)::int linked from votes where round_id = $1`,
        [round.id],
      ),
    ).toEqual([{ n: 3, linked: 0 }]);
    expect(
      await backend.sql(
        'select count(reservation_id)::int linked from private.vote_receipts where round_id = $1',
        [round.id],
      ),
    ).toEqual([{ linked: 0 }]);
    expect((await admin.rpc('admin_vote_results', { round_id: round.id })).data).toMatchObject({
      voters: 3,
      candidates: [{ votes: 2 }, { votes: 1 }, { votes: 0 }],
    });
  });
});
