/**
 * The night rehearsal's invariants (bench/night/invariants.ts) break when the night goes wrong:
 * a pass that never entered, a double entry answered but not recorded, a scan left queued, a vote
 * counted for no voter, a message sent twice, a message failed (docs/decisions/050-the-night-with-a-cut.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants, type NightFacts } from '../../bench/night/invariants.ts';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();
let facts: NightFacts;

beforeAll(async () => {
  const { rows } = await backend.db.admin.query<{ pass_code: string }>(
    `insert into public.reservations (full_name, phone, ville, heard_from, checked_in_at,
       checked_in_door)
     select 'Nuit ' || g || ' Test', '66' || lpad(g::text, 7, '0'), 'Douala', 'social', now(),
            'Porte 1'
       from generate_series(1, 3) g
     returning pass_code`,
  );
  const [{ id: roundId }] = (
    await backend.db.admin.query<{ id: string }>(
      `insert into public.vote_rounds (title, duration_seconds) values ('Test', 60) returning id`,
    )
  ).rows;
  facts = {
    codes: rows.map((r) => r.pass_code),
    roundId,
    voters: [],
    doubleEntriesAnswered: 0,
    scansLeftQueued: 0,
    providerMessages: [],
    cancelled: 0,
    roundOpened: true,
  };
});

const broken = async (f: NightFacts) =>
  (await checkInvariants(backend.db.admin, f)).filter((i) => !i.holds).map((i) => i.name);

describe("the night's invariants", () => {
  it('hold for a night that went right', async () => {
    expect(await broken(facts)).toEqual([]);
  });

  it('break on a pass not entered, a double entry not recorded, a scan still queued', async () => {
    await backend.db.admin.query(
      `update public.reservations set checked_in_at = null, checked_in_door = null
        where pass_code = $1`,
      [facts.codes[0]],
    );
    expect(await broken({ ...facts, doubleEntriesAnswered: 1, scansLeftQueued: 2 })).toEqual([
      'one entry per pass',
      'double entries recorded, never counted',
      'every offline scan synced',
    ]);
    await backend.db.admin.query(
      `update public.reservations set checked_in_at = now(), checked_in_door = 'Porte 1'
        where pass_code = $1`,
      [facts.codes[0]],
    );
  });

  it('break on a vote no voter holds, a round never opened, a message twice or failed', async () => {
    const held = { code: facts.codes[1], held: null, voteIds: [] };
    expect(await broken({ ...facts, voters: [held], roundOpened: false })).toEqual([
      'the round opened and took votes',
    ]);
    const twice = [
      { recipient: '660000001', content: 'Rappel' },
      { recipient: '660000001', content: 'Rappel' },
    ];
    await backend.db.admin.query(
      `insert into public.outbox (channel, recipient, template, body, dedupe_key, state, attempts)
       values ('sms', '660000002', 'reminder', 'Rappel', 'test:failed', 'failed', 5)`,
    );
    expect(await broken({ ...facts, providerMessages: twice })).toEqual([
      'no message sent twice',
      'no message lost',
    ]);
  });
});
