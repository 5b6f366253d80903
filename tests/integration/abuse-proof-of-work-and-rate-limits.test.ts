/**
 * Abuse resistance with nothing but the public anon key (docs/decisions/007-abuse-resistance.md):
 * proof of work and per-address rate limits.
 * Shared calls and payloads: support/abuse.ts.
 */
import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import {
  backend,
  call,
  next,
  payloads,
  TABLE,
  ACTION,
  PATHS,
  write,
  count,
  clearPublicWritesBeforeEach,
} from './support/abuse';

clearPublicWritesBeforeEach();

describe('proof of work', () => {
  it.each(PATHS)(
    '%s stores nothing without a solution, with a wrong, reused or expired one',
    async (fn) => {
      const payload = payloads[fn](next());
      const missing = await call(fn, { payload });
      expect(missing).toMatchObject({ status: 400, body: { hint: 'pow_missing' } });

      const pow = await backend.proofOfWork();
      const solution = JSON.parse(Buffer.from(pow, 'base64').toString()) as Record<string, unknown>;
      const forged = Buffer.from(
        JSON.stringify({ ...solution, number: Number(solution.number) + 1 }),
      );
      const wrong = await call(fn, { payload: { ...payload, pow: forged.toString('base64') } });
      expect(wrong).toMatchObject({ status: 400, body: { hint: 'pow_invalid' } });
      const junk = await call(fn, { payload: { ...payload, pow: 'not base64 json' } });
      expect(junk).toMatchObject({ status: 400, body: { hint: 'pow_invalid' } });

      expect((await call(fn, { payload: { ...payload, pow } })).status).toBe(200);
      const again = { ...payloads[fn](next()), pow };
      expect(await call(fn, { payload: again })).toMatchObject({
        status: 400,
        body: { hint: 'pow_reused' },
      });

      // A challenge signed with the real secret but already expired.
      const [{ key }] = await backend.sql<{ key: string }>(
        `update private.pow_secret set secret = convert_to('known-for-this-test', 'UTF8')
       returning convert_from(secret, 'UTF8') as key`,
      );
      const old = await createChallenge({
        hmacKey: key,
        maxnumber: 10,
        number: 3,
        expires: new Date(Date.now() - 60_000),
      });
      const expired = Buffer.from(JSON.stringify({ ...old, number: 3 })).toString('base64');
      const late = await call(fn, { payload: { ...payloads[fn](next()), pow: expired } });
      expect(late).toMatchObject({ status: 400, body: { hint: 'pow_expired' } });
      await backend.sql(`update private.pow_secret set secret = extensions.gen_random_bytes(32)`);

      expect(await count(TABLE[fn])).toBe(1);
    },
  );
});

describe('rate limits per address', () => {
  it('a flood from one address at full speed, 20 past the limit per path, stores no more than the limit and never answers 5xx', async () => {
    await backend.restoreAbuseSettings();
    const limits = await backend.sql<{ action: string; max_per_address: number }>(
      'select action, max_per_address from private.rate_limits',
    );
    // The proof of work stays easy and its challenges unlimited: this measures the writes'
    // limits, not the solving (challenges have their own test below). One path after the other,
    // each with the machine to itself.
    await backend.sql(`update private.abuse_settings set pow_max_number = 100;
      update private.rate_limits set max_per_address = 100000 where action = 'challenge'`);
    const floods = [];
    for (const fn of PATHS) {
      // A count, not a duration: a loaded host sends fewer requests in a given time, and the
      // flood must still go past the limit.
      const limit = limits.find((l) => l.action === ACTION[fn])!.max_per_address;
      floods.push(
        await (async () => {
          const statuses = new Map<number, number>();
          let message = '';
          const started = Date.now();
          for (let sent = 0; sent < limit + 20; sent++) {
            const res = await write(fn, payloads[fn](next()));
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 429) message = String(res.body.message);
          }
          const seconds = (Date.now() - started) / 1000;
          return { fn, statuses, message, seconds, stored: await count(TABLE[fn]) };
        })(),
      );
    }
    for (const flood of floods) {
      const limit = limits.find((l) => l.action === ACTION[flood.fn])!.max_per_address;
      const sent = [...flood.statuses.values()].reduce((a, b) => a + b, 0);
      console.info(
        `flood ${flood.fn}: ${sent} requests in ${flood.seconds.toFixed(1)} s, stored ${flood.stored} (limit ${limit}), ` +
          `statuses ${JSON.stringify(Object.fromEntries(flood.statuses))}`,
      );
      expect(sent).toBe(limit + 20);
      expect(flood.stored).toBe(limit);
      expect([...flood.statuses.keys()].every((s) => s < 500)).toBe(true);
      expect(flood.message).toMatch(/^Trop de demandes depuis votre connexion\. Réessayez dans /);
    }
  }, 90_000);

  it('counts duplicate answers against the limit', async () => {
    await backend.sql(
      `update private.rate_limits set max_per_address = 3 where action = 'reserve'`,
    );
    const first = payloads.create_reservation(next());
    expect((await write('create_reservation', first)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const dup = { ...payloads.create_reservation(next()), phone: first.phone };
      expect((await write('create_reservation', dup)).status).toBe(200);
    }
    const refused = await write('create_reservation', payloads.create_reservation(next()));
    expect(refused.status).toBe(429);
    expect(await count('reservations')).toBe(1);
  });

  it('does not limit staff', async () => {
    await backend.sql(
      `update private.rate_limits set max_per_address = 1 where action = 'contact'`,
    );
    const adminId = await backend.createUser('staff@example.cm', 'staff-password-123', {
      admin: true,
    });
    const token = await backend.signAccessToken({ sub: adminId, email: 'staff@example.cm' });
    const send = async (headers: Record<string, string>) =>
      (
        await fetch(`${backend.url}/rest/v1/rpc/send_contact_message`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({
            payload: { ...payloads.send_contact_message(next()), pow: await backend.proofOfWork() },
          }),
        })
      ).status;
    expect(await send({})).toBe(200);
    expect(await send({})).toBe(429);
    for (let i = 0; i < 3; i++) expect(await send({ Authorization: `Bearer ${token}` })).toBe(200);
  });

  it('counts each address on its own (a crowd behind one address does not lock out another)', async () => {
    await backend.sql(
      `update private.rate_limits set max_per_address = 2 where action = 'contact'`,
    );
    for (let i = 0; i < 2; i++) {
      expect(
        (await write('send_contact_message', payloads.send_contact_message(next()))).status,
      ).toBe(200);
    }
    expect(
      (await write('send_contact_message', payloads.send_contact_message(next()))).status,
    ).toBe(429);
    // Another address (what the gateway reports for another client): allowed.
    const other = await backend.sql<{ refused: unknown }>(
      `select set_config('request.headers', '{"cf-connecting-ip":"41.202.219.7"}', true),
              private.take_rate_limit('contact') as refused`,
    );
    expect(other[0].refused).toBeNull();
  });
});
