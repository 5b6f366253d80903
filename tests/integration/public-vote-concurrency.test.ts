import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { clearVotes, openRound, pass, passes, vote, type Round } from './support/vote-fixtures';

/**
 * The public vote under truly parallel requests over HTTP (docs/decisions/030-public-vote.md):
 * one pass from three phones at once, a retried vote_id racing itself, and 200 votes in flight
 * while the régie closes the round (none may be counted after the close's commit).
 */
const backend = testBackend();
let admin: SupabaseClient;
let regie: SupabaseClient;
/** Separate clients: separate HTTP connections, as separate phones. */
const phones: SupabaseClient[] = [];

beforeAll(async () => {
  await backend.createUser('vote-admin@example.cm', 'admin-password-123', { admin: true });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  admin = await backend.signedInClient('vote-admin@example.cm', 'admin-password-123');
  regie = await backend.signedInClient('regie@example.cm', 'regie-password-123');
  for (let i = 0; i < 8; i++) phones.push(backend.anonClient());
});

beforeEach(async () => {
  await clearVotes(backend);
});

const rowsOf = (round: Round) =>
  backend.sql<{ reservation_id: string; candidate_id: string; changes: number }>(
    `select reservation_id::text, candidate_id::text, changes from votes where round_id = $1`,
    [round.id],
  );

describe('one pass, several phones at once', () => {
  it('counts one vote when three phones vote at the same moment', async () => {
    const round = await openRound(admin, regie);
    const { pass_code, id } = await pass(backend);
    const answers = await Promise.all(
      round.candidates.map((c, i) => vote(phones[i], pass_code, round, c)),
    );
    expect(answers.map((a) => a.error)).toEqual([null, null, null]);
    const rows = await rowsOf(round);
    expect(rows).toHaveLength(1);
    // One of the three counts (the last committed), the two others were changes.
    expect(rows[0]).toMatchObject({ reservation_id: id, changes: 2 });
    expect(round.candidates.map((c) => c.id)).toContain(rows[0].candidate_id);
    const [{ n }] = await backend.sql<{ n: number }>(
      'select count(*)::int n from private.vote_receipts where reservation_id = $1',
      [id],
    );
    expect(n).toBe(3);
  });

  it('answers the same to a vote_id sent from five phones at once, and counts it once', async () => {
    const round = await openRound(admin, regie);
    const { pass_code } = await pass(backend);
    const voteId = crypto.randomUUID();
    const answers = await Promise.all(
      phones.slice(0, 5).map((p) => vote(p, pass_code, round, round.candidates[1], voteId)),
    );
    expect(answers.map((a) => a.error)).toEqual([null, null, null, null, null]);
    for (const a of answers) expect(a.data).toEqual(answers[0].data);
    expect(answers[0].data).toMatchObject({ vote_id: voteId, candidate: { number: 2 } });
    expect(await rowsOf(round)).toEqual([
      expect.objectContaining({ candidate_id: round.candidates[1].id, changes: 0 }),
    ]);
    // Retried later, naming another candidate, after a change: still the first answer.
    await vote(phones[0], pass_code, round, round.candidates[2]);
    const retried = await Promise.all(
      phones.slice(0, 3).map((p) => vote(p, pass_code, round, round.candidates[0], voteId)),
    );
    for (const a of retried) expect(a.data).toEqual(answers[0].data);
    expect(await rowsOf(round)).toEqual([
      expect.objectContaining({ candidate_id: round.candidates[2].id, changes: 1 }),
    ]);
  });
});

describe('votes in flight while the round closes', () => {
  it('counts none after the close’s commit, 200 votes from 8 connections', async () => {
    const round = await openRound(admin, regie, 4);
    const voters = await passes(backend, 200);
    const results: ('ok' | 'closed' | 'other')[] = [];
    const cast = async (i: number) => {
      const { data, error } = await vote(
        phones[i % phones.length],
        voters[i].pass_code,
        round,
        round.candidates[i % 4],
      );
      results[i] =
        data && (data as { ok?: boolean }).ok
          ? 'ok'
          : error?.hint === 'vote_closed'
            ? 'closed'
            : 'other';
    };
    const count = async () =>
      (
        await backend.sql<{ n: number }>('select count(*)::int n from votes where round_id = $1', [
          round.id,
        ])
      )[0].n;

    // The first 100 go out at once; the close goes as soon as some are counted, and the last
    // 100 go out while the close is on its way.
    const inFlight = voters.slice(0, 100).map((_, i) => cast(i));
    while ((await count()) < 10) await new Promise((r) => setTimeout(r, 2));
    // then(): a supabase-js query is sent when awaited or then'd, not when built.
    const closing = regie.rpc('regie_close_round', { id: round.id }).then((r) => r);
    inFlight.push(...voters.slice(100).map((_, i) => cast(100 + i)));
    const closed = await closing;
    expect(closed.error).toBeNull();
    const atClose = await count();
    await Promise.all(inFlight);
    const settled = await count();

    expect(settled).toBe(atClose);
    expect(results.filter((r) => r === 'other')).toEqual([]);
    // Every accepted vote is counted, every refused one is not.
    expect(results.filter((r) => r === 'ok')).toHaveLength(settled);
    expect(results.filter((r) => r === 'closed')).toHaveLength(200 - settled);
    expect(settled).toBeGreaterThanOrEqual(10);
    expect(settled).toBeLessThan(200);
    // The journal's count is the same: the close waited for every vote holding the round.
    const [{ summary }] = await backend.sql<{ summary: string }>(
      `select summary from audit_log where action = 'vote.close' and entity_id = $1`,
      [round.id],
    );
    expect(summary).toBe(`Vote « ${round.title} » clos (${settled} votants)`);
    expect((await admin.rpc('admin_vote_results', { round_id: round.id })).data).toMatchObject({
      voters: settled,
    });
  });
});
