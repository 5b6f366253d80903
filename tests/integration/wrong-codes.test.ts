/**
 * Wrong pass codes counted per client address (docs/decisions/039-one-answer-and-votes-that-
 * cannot-be-bought.md, supabase/schemas/22_wrong_codes.sql): get_pass, vote_state, cast_vote
 * and cancel_reservation count a code that opens no pass; past the address's limit (the
 * migrations' values: 50 in 10 minutes) a wrong code is refused in French and the dashboard's
 * alert is written, while right codes from the same address keep working. Real HTTP requests
 * (the local gateway sets the trusted address header) against real PostgreSQL.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { backend, admin, regie, signInVoteStaff } from './support/public-vote';
import { openRound, pass } from './support/vote-fixtures';

signInVoteStaff();

beforeEach(async () => {
  await backend.restoreAbuseSettings();
  await backend.sql('delete from private.rate_hits; delete from surge_alerts');
});

/** One public function, called as a phone of the hall would. */
async function rpc(fn: string, args: Record<string, unknown>) {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> | null };
}

let guessed = 0;
/** A well-formed code no pass has: what a script guessing codes sends. */
const wrongCode = () => `WR0NG${String(++guessed).padStart(5, '2')}`.replace(/[01]/g, '3');

describe('wrong pass codes from one address', () => {
  it('are counted, refused past 50 with an alert; right codes from that address keep working', async () => {
    const round = await openRound(admin, regie, 2);
    const voter = await pass(backend);
    const leaving = await pass(backend, 'confirmed');
    // The local gateway writes the trusted header from the connection, as Cloudflare does.
    const hall = '127.0.0.1';
    const calls = [
      (code: string) => rpc('get_pass', { code }),
      (code: string) => rpc('vote_state', { code, known_round: round.id }),
      (code: string) =>
        rpc('cast_vote', {
          code,
          round_id: round.id,
          candidate_id: round.candidates[0].id,
          vote_id: crypto.randomUUID(),
        }),
      (code: string) => rpc('cancel_reservation', { code }),
    ];

    const started = performance.now();
    const answers: { status: number; body: Record<string, unknown> | null }[] = [];
    // 100 wrong codes, 10 at a time, spread over the four functions.
    for (let batch = 0; batch < 10; batch++)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => calls[(batch * 10 + i) % 4](wrongCode())),
        )),
      );
    const ms = performance.now() - started;

    const refused = answers.filter((a) => a.status === 429);
    const unknown = answers.filter((a) => a.status !== 429);
    console.info(
      `wrong codes: ${unknown.length} answered "unknown", ${refused.length} refused, 100 in ${Math.round(ms)} ms`,
    );
    expect(unknown.length).toBeGreaterThanOrEqual(50);
    expect(refused.length).toBeGreaterThanOrEqual(40);
    expect(unknown.length + refused.length).toBe(100);
    // Before the limit, the usual answers: no pass (get_pass: every field null), pass_unknown
    // (vote_state: not an error).
    const none = (body: Record<string, unknown> | null) =>
      body === null || Object.values(body).every((v) => v === null);
    for (const a of unknown)
      expect([null, 'pass_unknown']).toContain(
        none(a.body) ? null : (a.body!.hint ?? (a.body!.refusal as { code: string }).code),
      );
    expect(refused[0].body).toMatchObject({
      hint: 'wrong_codes_limited',
      message: expect.stringMatching(
        /^Trop de codes de pass inconnus depuis votre connexion : réessayez dans \d+ minutes\. Un pass reçu par message s’ouvre toujours par son lien\.$/,
      ),
    });
    // Counted: one row per wrong code answered, none for the refused ones; an alert for admins.
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from private.rate_hits where action = 'wrong_code' and address = $1`,
      [hall],
    );
    expect(n).toBe(unknown.length);
    expect(
      await backend.sql(`select action, peak_level from surge_alerts where action = 'wrong_code'`),
    ).toEqual([{ action: 'wrong_code', peak_level: 1 }]);

    // Right codes from the same address: never counted, never refused.
    expect((await rpc('get_pass', { code: voter.pass_code })).body).toMatchObject({
      code: voter.pass_code,
      state: 'checked_in',
    });
    expect(
      (await rpc('vote_state', { code: voter.pass_code, known_round: round.id })).body,
    ).toMatchObject({ can_vote: true });
    const voted = await rpc('cast_vote', {
      code: voter.pass_code,
      round_id: round.id,
      candidate_id: round.candidates[1].id,
      vote_id: crypto.randomUUID(),
    });
    expect(voted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await rpc('cancel_reservation', { code: leaving.pass_code })).body).toMatchObject({
      state: 'cancelled',
    });
    const [{ n: after }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from private.rate_hits where action = 'wrong_code'`,
    );
    expect(after).toBe(n);

    // Another address (what the gateway reports for another client) is not held back.
    const other = await backend.sql<{ refused: unknown }>(
      `select set_config('request.headers', '{"cf-connecting-ip":"41.202.219.7"}', true),
              private.wrong_code() as refused`,
    );
    expect(other[0].refused).toBeNull();
  });

  it('for recover_pass (whose answer must not depend on the phone): counted and alerted, never refused', async () => {
    // 50 wrong codes already counted for this address in the window: the limit is reached.
    await backend.sql(`insert into private.rate_hits (action, address)
      select 'wrong_code', '41.202.219.9'::inet from generate_series(1, 50)`);
    const [quiet] = await backend.sql<{ refused: unknown; status: string | null }>(
      `select set_config('request.headers', '{"cf-connecting-ip":"41.202.219.9"}', true),
              private.wrong_code(false) as refused,
              nullif(current_setting('response.status', true), '') as status`,
    );
    expect(quiet).toMatchObject({ refused: null, status: null });
    expect(await backend.sql(`select action from surge_alerts`)).toEqual([
      { action: 'wrong_code' },
    ]);
    // Refusing callers get the refusal at the same point.
    const [loud] = await backend.sql<{ refused: { hint: string } }>(
      `select set_config('request.headers', '{"cf-connecting-ip":"41.202.219.9"}', true),
              private.wrong_code() as refused`,
    );
    expect(loud.refused).toMatchObject({ hint: 'wrong_codes_limited' });
  });
});
