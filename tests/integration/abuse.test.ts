import { createChallenge } from 'altcha-lib/v1';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin } from '@/data/staff/admin-auth';
import { updateParticipant } from '@/data/participants/update-participant';
import { getParticipant } from '@/data/participants/get-participant';
import { testBackend } from '../setup/test-backend';

/**
 * Abuse resistance with nothing but the public anon key (docs/decisions/007-abuse-resistance.md):
 * proof of work, per-address rate limits, arrays, blank texts, enumeration, private functions,
 * one phone per person.
 */
const backend = testBackend();
type Path = 'register_participant' | 'create_reservation' | 'send_contact_message';

const call = async (fn: string, body: unknown) => {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: kept as text below
  }
  return { status: res.status, body: json, text };
};

let serial = 0;
const next = () => ++serial;
const phoneOf = (n: number, prefix = '65') => `${prefix}${String(n).padStart(7, '0')}`;

const payloads: Record<Path, (n: number) => Record<string, unknown> & { id: string }> = {
  register_participant: (n) => ({
    id: crypto.randomUUID(),
    full_name: `Candidat ${n}`,
    email: `candidat${n}@example.cm`,
    phone: phoneOf(n, '65'),
    city: 'Douala',
    region: 'Littoral',
    category: 'dance',
    participation_type: 'solo',
    agree_to_terms: true,
    team_members: [],
  }),
  create_reservation: (n) => ({
    id: crypto.randomUUID(),
    full_name: `Visiteur ${n}`,
    phone: phoneOf(n, '66'),
    ville: 'Yaoundé',
    attendance_status: 'yes',
    heard_from: 'social',
    will_attend: 'yes',
    attendance_barrier: 'none',
    follows_booster_page: 'yes',
    consumes_booster_products: 'no',
  }),
  send_contact_message: (n) => ({
    id: crypto.randomUUID(),
    name: `Visiteur ${n}`,
    email: `visiteur${n}@example.cm`,
    subject: 'Question',
    message: `Bonjour, une question numéro ${n}.`,
  }),
};
const TABLE: Record<Path, string> = {
  register_participant: 'participants',
  create_reservation: 'reservations',
  send_contact_message: 'contact_messages',
};
const ACTION: Record<Path, string> = {
  register_participant: 'register',
  create_reservation: 'reserve',
  send_contact_message: 'contact',
};
const PATHS = Object.keys(payloads) as Path[];

const write = async (fn: Path, payload: Record<string, unknown>) =>
  call(fn, { payload: { ...payload, pow: await backend.proofOfWork() } });
const count = async (table: string) =>
  (await backend.sql<{ n: number }>(`select count(*)::int n from ${table}`))[0].n;

beforeEach(async () => {
  await backend.sql(`
    delete from participants; delete from reservations; delete from contact_messages;
    delete from private.rate_hits; delete from private.pow_spent; delete from surge_alerts;
    update private.rate_limits set max_per_address = 100000, surge_ceiling = null;
    update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = 2000;`);
});

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
  it('a flood from one address at full speed, 10 s per path, stores no more than the limit and never answers 5xx', async () => {
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
      floods.push(
        await (async () => {
          const statuses = new Map<number, number>();
          let message = '';
          const until = Date.now() + 10_000;
          while (Date.now() < until) {
            const res = await write(fn, payloads[fn](next()));
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 429) message = String(res.body.message);
          }
          return { fn, statuses, message, stored: await count(TABLE[fn]) };
        })(),
      );
    }
    for (const flood of floods) {
      const limit = limits.find((l) => l.action === ACTION[flood.fn])!.max_per_address;
      const sent = [...flood.statuses.values()].reduce((a, b) => a + b, 0);
      console.info(
        `flood ${flood.fn}: ${sent} requests in 10 s, stored ${flood.stored} (limit ${limit}), ` +
          `statuses ${JSON.stringify(Object.fromEntries(flood.statuses))}`,
      );
      expect(sent).toBeGreaterThan(limit);
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
      expect((await write('create_reservation', dup)).status).toBe(409);
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

/** Every header through which a client could claim an address, each with a new value. */
let forged = 0;
const forgedHeaders = (): Record<string, string> => {
  forged++;
  const v4 = `198.51.${Math.floor(forged / 250) % 250}.${(forged % 250) + 1}`;
  const v6 = `2001:db8:${forged.toString(16)}::${forged.toString(16)}`;
  return {
    'CF-Connecting-IP': v4,
    'CF-Connecting-IPv6': v6,
    'True-Client-IP': v4,
    'X-Real-IP': v4,
    'X-Forwarded-For': `${v4}, 10.0.0.${forged % 250}`,
    'X-Forwarded': `for=${v4}`,
    'Forwarded-For': v4,
    Forwarded: `for="[${v6}]"`,
    'X-Client-IP': v4,
    'Client-IP': v4,
    'X-Cluster-Client-IP': v4,
    'Fastly-Client-IP': v4,
    'X-Original-Forwarded-For': v4,
    'X-Envoy-External-Address': v4,
  };
};

describe('the trusted client address (docs/decisions/016-trusted-address-and-proof-of-work.md)', () => {
  it('holds every per-address limit exactly when each request forges every address header, and never answers 5xx', async () => {
    await backend.restoreAbuseSettings();
    await backend.sql('update private.abuse_settings set pow_max_number = 100');
    const limits = await backend.sql<{ action: string; max_per_address: number }>(
      'select action, max_per_address from private.rate_limits',
    );
    for (const fn of PATHS) {
      const limit = limits.find((l) => l.action === ACTION[fn])!.max_per_address;
      const statuses = new Map<number, number>();
      for (let i = 0; i < limit + 10; i++) {
        const headers = forgedHeaders();
        const pow = await backend.proofOfWork(undefined, forgedHeaders());
        const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ payload: { ...payloads[fn](next()), pow } }),
        });
        await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      console.info(`forged ${fn}: ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(await count(TABLE[fn])).toBe(limit);
      expect(statuses.get(429)).toBe(10);
      expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    }
    // Every attempt was counted against the one real address.
    const buckets = await backend.sql<{ address: string }>(
      'select distinct address::text from private.rate_hits',
    );
    expect(buckets).toEqual([{ address: '127.0.0.1/32' }]);
  }, 120_000);

  it('counts IPv6 per /64 and IPv4 per address, from the one configured header', async () => {
    await backend.sql(
      `update private.rate_limits set max_per_address = 2 where action = 'contact'`,
    );
    const take = async (headers: Record<string, string>) =>
      (
        await backend.sql<{ refused: { hint: string } | null; bucket: string }>(
          `select set_config('request.headers', $1, false),
                  private.take_rate_limit('contact') as refused,
                  private.client_bucket()::text as bucket`,
          [JSON.stringify(headers)],
        )
      )[0];
    // One subscriber's /64: its second and third addresses share the first one's bucket.
    expect(await take({ 'cf-connecting-ip': '2001:db8:aa:bb::1' })).toMatchObject({
      refused: null,
      bucket: '2001:db8:aa:bb::/64',
    });
    expect((await take({ 'cf-connecting-ip': '2001:db8:aa:bb:ffff:1:2:3' })).refused).toBeNull();
    expect((await take({ 'cf-connecting-ip': '2001:db8:aa:bb:9::9' })).refused).toMatchObject({
      hint: 'rate_limited',
    });
    // The next /64 is another subscriber.
    expect((await take({ 'cf-connecting-ip': '2001:db8:aa:bc::1' })).refused).toBeNull();
    // IPv4: one address, one bucket (the neighbour is not limited); IPv4-mapped IPv6 is IPv4.
    expect(await take({ 'cf-connecting-ip': '41.202.219.7' })).toMatchObject({
      refused: null,
      bucket: '41.202.219.7/32',
    });
    expect((await take({ 'cf-connecting-ip': '::ffff:41.202.219.7' })).bucket).toBe(
      '41.202.219.7/32',
    );
    expect((await take({ 'cf-connecting-ip': '41.202.219.7' })).refused).toMatchObject({
      hint: 'rate_limited',
    });
    expect((await take({ 'cf-connecting-ip': '41.202.219.8' })).refused).toBeNull();
    // Any other header is ignored; the setting names the one to read.
    expect(
      (await take({ 'cf-connecting-ip': '41.202.219.7', 'x-real-ip': '203.0.113.9' })).refused,
    ).toMatchObject({ hint: 'rate_limited' });
    await backend.sql(`update private.abuse_settings set client_address_header = 'x-real-ip'`);
    expect(
      await take({ 'cf-connecting-ip': '41.202.219.7', 'x-real-ip': '203.0.113.9' }),
    ).toMatchObject({ refused: null, bucket: '203.0.113.9/32' });
    // Missing or unreadable: one shared bucket, never an error.
    expect((await take({ 'x-real-ip': 'not an address' })).bucket).toBe('0.0.0.0/32');
    await backend.restoreAbuseSettings();
  });

  it('shows an admin what the database sees of their address, and nobody else', async () => {
    await backend.createUser('reseau@example.cm', 'reseau-password-123', { admin: true });
    const admin = await backend.signedInClient('reseau@example.cm', 'reseau-password-123');
    const { data, error } = await admin.rpc('admin_client_address');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      header: 'cf-connecting-ip',
      address: '127.0.0.1',
      bucket: '127.0.0.1/32',
      headers: { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' },
    });
    const res = await fetch(`${backend.url}/rest/v1/rpc/admin_client_address`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${(await admin.auth.getSession()).data.session?.access_token}`,
        'Content-Type': 'application/json',
        ...forgedHeaders(),
      },
      body: '{}',
    });
    const seen = (await res.json()) as { address: string; headers: Record<string, string> };
    expect(seen.address).toBe('127.0.0.1');
    expect(Object.values(seen.headers).every((v) => v.includes('127.0.0.1'))).toBe(true);
    expect(seen.headers['true-client-ip']).toBe('127.0.0.1');
    const anon = await call('admin_client_address', {});
    expect(anon.status).toBe(401);
    await backend.createUser('lecteur-reseau@example.cm', 'lecteur-password-123', {
      role: 'lecteur',
    });
    const reader = await backend.signedInClient(
      'lecteur-reseau@example.cm',
      'lecteur-password-123',
    );
    expect((await reader.rpc('admin_client_address')).error).toMatchObject({ code: '42501' });
  });
});

describe('challenges (docs/decisions/016-trusted-address-and-proof-of-work.md)', () => {
  const challenge = async (body: Record<string, unknown> = {}, headers = {}) => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/pow_challenge`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('issues at most the limit of challenges per address in its window, forged headers or not', async () => {
    await backend.restoreAbuseSettings();
    const [{ max }] = await backend.sql<{ max: number }>(
      `select max_per_address as max from private.rate_limits where action = 'challenge'`,
    );
    expect(max).toBe(600);
    const statuses: number[] = [];
    for (let i = 0; i < max + 5; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, max + 5 - i) }, () => challenge({}, forgedHeaders())),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await challenge({ action: 'reserve' });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        hint: 'rate_limited',
        message: expect.stringMatching(
          /^Trop de demandes depuis votre connexion\. Réessayez dans /,
        ),
      },
    });
    // An unknown action is refused before anything is counted.
    await backend.sql(`delete from private.rate_hits`);
    expect(await challenge({ action: 'vote' })).toMatchObject({
      status: 400,
      body: { message: 'Action inconnue.', hint: 'invalid_field', details: 'action' },
    });
    expect(await count('private.rate_hits')).toBe(0);
  }, 60_000);

  it('expires within 10 minutes, names its action and level, and serves one action only', async () => {
    await backend.restoreAbuseSettings();
    const { body } = await challenge({ action: 'contact' });
    const salt = String(body.salt);
    const expires = Number(/expires=(\d+)/.exec(salt)?.[1]);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(590_000);
    expect(salt).toMatch(/&action=contact&level=0&$/);
    await backend.sql('update private.abuse_settings set pow_max_number = 100');
    const forContact = await backend.proofOfWork('contact');
    const asReservation = await call('create_reservation', {
      payload: { ...payloads.create_reservation(next()), pow: forContact },
    });
    expect(asReservation).toMatchObject({ status: 400, body: { hint: 'pow_invalid' } });
    const asMessage = await call('send_contact_message', {
      payload: { ...payloads.send_contact_message(next()), pow: forContact },
    });
    expect(asMessage.status).toBe(200);
  });

  it('raises the difficulty past an action’s ceiling, level by level, writes one alert, and falls back', async () => {
    await backend.restoreAbuseSettings();
    // Three levels (the migration stops at two) to see the cap hold.
    await backend.sql(`update private.abuse_settings set pow_max_number = 100, pow_max_level = 3;
      update private.rate_limits set surge_ceiling = 10 where action = 'reserve'`);
    const hits = (n: number, ago = '0 minutes') =>
      backend.sql(
        `insert into private.rate_hits (action, address, at)
         select 'reserve', ('10.1.' || (i / 250) || '.' || (i % 250))::inet, now() - $1::interval
           from generate_series(1, $2) i`,
        [ago, n],
      );
    const maxnumber = async (action?: string) =>
      (await challenge(action ? { action } : {})).body.maxnumber;
    const alerts = () =>
      backend.sql<{ action: string; peak_hits: number; peak_level: number }>(
        'select action, peak_hits, peak_level from surge_alerts order by id',
      );

    await hits(9);
    expect(await maxnumber('reserve')).toBe(100);
    // A visitor's challenge from before the surge.
    const before = await backend.proofOfWork('reserve');
    await hits(1);
    expect(await maxnumber('reserve')).toBe(400);
    expect(await maxnumber('contact')).toBe(100);
    // Without an action: the highest level of the three.
    expect(await maxnumber()).toBe(400);
    expect(await alerts()).toEqual([{ action: 'reserve', peak_hits: 10, peak_level: 1 }]);
    await hits(10);
    expect(await maxnumber('reserve')).toBe(1600);
    await hits(20);
    expect(await maxnumber('reserve')).toBe(6400);
    await hits(200);
    expect(await maxnumber('reserve')).toBe(6400);
    for (let i = 0; i < 5; i++) await maxnumber('reserve');
    // One alert for the surge, its peak kept up to date.
    expect(await alerts()).toEqual([{ action: 'reserve', peak_hits: 40, peak_level: 3 }]);
    // A challenge from before the surge, now three levels too easy: refused, nothing stored.
    const stale = await call('create_reservation', {
      payload: { ...payloads.create_reservation(next()), pow: before },
    });
    expect(stale).toMatchObject({
      status: 400,
      body: { hint: 'pow_outdated', message: 'Vérification anti-robot trop ancienne : réessayez.' },
    });
    // A fresh one at the current level is accepted.
    const fresh = await call('create_reservation', {
      payload: {
        ...payloads.create_reservation(next()),
        pow: await backend.proofOfWork('reserve'),
      },
    });
    expect(fresh.status).toBe(200);

    // Eleven minutes later (the rows moved back rather than waiting): back to level 0.
    await backend.sql(`update private.rate_hits set at = at - interval '11 minutes';
      update surge_alerts set started_at = started_at - interval '11 minutes',
        last_seen_at = last_seen_at - interval '11 minutes'`);
    expect(await maxnumber('reserve')).toBe(100);
    expect(await alerts()).toHaveLength(1);
    // A new surge later on: a new alert.
    await hits(10);
    expect(await maxnumber('reserve')).toBe(400);
    expect(await alerts()).toHaveLength(2);
  });
});

describe('payloads', () => {
  it('refuses arrays: a 100-row array stores nothing, through the function or the table', async () => {
    const rows = Array.from({ length: 100 }, () => payloads.create_reservation(next()));
    const asPayload = await call('create_reservation', { payload: rows });
    expect(asPayload.status).toBe(400);
    const direct = await fetch(`${backend.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(direct.status).toBe(401);
    const messages = Array.from({ length: 100 }, () => payloads.send_contact_message(next()));
    const inbox = await fetch(`${backend.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(messages),
    });
    expect(inbox.status).toBe(401);
    expect(await count('reservations')).toBe(0);
    expect(await count('contact_messages')).toBe(0);
  });

  it('1,000 randomised bad payloads across the three paths store nothing and answer no 5xx', async () => {
    // A seeded generator: a failure can be replayed.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    // Never valid for a required field: not a string, empty or blank, far too long, NUL.
    const invalid = [
      null,
      '',
      ' ',
      '\t\u00a0\u200b',
      -1,
      1e308,
      true,
      [],
      {},
      ['x'],
      'x'.repeat(6000),
      '\u0000',
      { nested: { deep: [1, 2, 3] } },
    ];
    // Anything at all, for the fields left optional and for unknown ones.
    const noise = [
      ...invalid,
      "'; drop table participants; --",
      '6990011',
      'not-an-email',
      'javascript:alert(1)',
    ];
    const required: Record<Path, string[]> = {
      register_participant: [
        'full_name',
        'email',
        'phone',
        'city',
        'region',
        'category',
        'participation_type',
        'agree_to_terms',
      ],
      create_reservation: [
        'full_name',
        'phone',
        'ville',
        'attendance_status',
        'heard_from',
        'will_attend',
        'attendance_barrier',
        'follows_booster_page',
        'consumes_booster_products',
      ],
      send_contact_message: ['name', 'email', 'subject', 'message'],
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const fn = pick(PATHS);
      const payload: Record<string, unknown> = payloads[fn](next());
      // One required field broken or missing, then up to two more changes of any kind.
      const broken = pick(required[fn]);
      if (random() < 0.2) delete payload[broken];
      else payload[broken] = pick(invalid);
      for (let k = 0; k < Math.floor(random() * 3); k++) {
        payload[
          pick([
            ...Object.keys(payload).filter((key) => key !== 'id' && key !== broken),
            'unexpected',
            'description',
            'team_name',
          ])
        ] = pick(noise);
      }
      if (fn === 'register_participant' && random() < 0.3) {
        payload.participation_type = 'team';
        payload.team_members = pick([[], [{}], [{ full_name: '\u200b', phone: 'x' }], 'x', [1]]);
      }
      const res = await write(fn, payload);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(
        res.status,
        `${fn} ${JSON.stringify(payload).slice(0, 300)} -> ${res.text}`,
      ).toBeLessThan(500);
    }
    console.info(`bad payloads: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(statuses.get(200) ?? 0).toBe(0);
    expect(await count('participants')).toBe(0);
    expect(await count('reservations')).toBe(0);
    expect(await count('contact_messages')).toBe(0);
  }, 120_000);
});

describe('text rules', () => {
  const blanks = {
    tab: '\t\t',
    nbsp: '\u00a0\u00a0',
    zeroWidth: '\u200b\u200c\ufeff',
    newline: '\n\r\n',
  };
  const cases: [Path, string, string][] = [
    ['register_participant', 'full_name', 'Le nom complet est obligatoire'],
    ['register_participant', 'city', 'La ville est obligatoire'],
    ['register_participant', 'team_name', "Le nom de l'équipe est obligatoire"],
    ['create_reservation', 'full_name', 'Le nom est obligatoire'],
    ['create_reservation', 'ville', 'La ville est obligatoire'],
    ['send_contact_message', 'name', 'Le nom est obligatoire'],
    ['send_contact_message', 'subject', 'Le sujet est obligatoire'],
    ['send_contact_message', 'message', 'Le message est obligatoire'],
  ];
  it.each(cases)('%s refuses a blank %s with “%s”', async (fn, field, message) => {
    for (const blank of Object.values(blanks)) {
      const payload = payloads[fn](next());
      if (field === 'team_name') {
        Object.assign(payload, {
          participation_type: 'team',
          team_members: [{ full_name: 'Membre Un', phone: phoneOf(next(), '67') }],
        });
      }
      payload[field] = blank;
      const res = await write(fn, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, hint: 'invalid_field', details: field });
    }
    expect(await count(TABLE[fn])).toBe(0);
  });

  it('stores names, cities and team names normalised', async () => {
    const payload = {
      ...payloads.register_participant(next()),
      full_name: ' Awa \u00a0\t Ndongo\u200b ',
      city: 'Douala\n',
      participation_type: 'team',
      team_name: '  Les   Lions ',
      team_members: [{ full_name: 'Jean\u00a0\u00a0Mbarga', phone: phoneOf(next(), '67') }],
    };
    expect((await write('register_participant', payload)).status).toBe(200);
    const [row] = await backend.sql(
      `select p.full_name, p.city, p.team_name, m.full_name as member
         from participants p join team_members m on m.participant_id = p.id`,
    );
    expect(row).toEqual({
      full_name: 'Awa Ndongo',
      city: 'Douala',
      team_name: 'Les Lions',
      member: 'Jean Mbarga',
    });
  });
});

describe('no free enumeration', () => {
  it('answers an invalid registration the same whether or not the phone or e-mail is registered', async () => {
    const known = payloads.register_participant(next());
    expect((await write('register_participant', known)).status).toBe(200);
    const unknown = payloads.register_participant(next());
    for (const broken of [{ agree_to_terms: false }, { city: '' }, { region: 'Mars' }]) {
      const a = await write('register_participant', {
        ...known,
        id: crypto.randomUUID(),
        ...broken,
      });
      const b = await write('register_participant', { ...unknown, ...broken });
      expect(a.status).toBe(400);
      expect(a.text).toBe(b.text);
    }
    const member = {
      ...payloads.register_participant(next()),
      participation_type: 'team',
      team_name: 'Les Curieux',
      team_members: [{ full_name: 'Espion', phone: known.phone }],
      agree_to_terms: false,
    };
    const probe = await write('register_participant', member);
    expect(probe.body).toMatchObject({ hint: 'invalid_field', details: 'agree_to_terms' });
  });

  it('answers an invalid reservation the same whether or not the phone has a reservation', async () => {
    const known = payloads.create_reservation(next());
    expect((await write('create_reservation', known)).status).toBe(200);
    const a = await write('create_reservation', {
      ...known,
      id: crypto.randomUUID(),
      heard_from: 'tv',
    });
    const b = await write('create_reservation', {
      ...payloads.create_reservation(next()),
      heard_from: 'tv',
    });
    expect(a.status).toBe(400);
    expect(a.text).toBe(b.text);
  });
});

describe('honeypot', () => {
  it.each(PATHS)('%s answers a filled honeypot like a success and stores nothing', async (fn) => {
    const payload = { ...payloads[fn](next()), website: 'https://spam.example' };
    const res = await write(fn, payload);
    expect(res).toMatchObject({ status: 200, body: { id: payload.id } });
    expect(await count(TABLE[fn])).toBe(0);
  });
});

describe('functions are private by default', () => {
  it('a function added by a later migration is not callable by anon or a signed-in user', async () => {
    const owner = new pg.Client({
      connectionString: backend.db.server.url(backend.db.name, 'postgres'),
    });
    await owner.connect();
    try {
      // Exactly what a migration does: created by `postgres`, nothing granted.
      await owner.query(
        `create function public.added_later() returns int language sql as 'select 42'`,
      );
    } finally {
      await owner.end();
    }
    const anon = await call('added_later', {});
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('42501');
    const user = await fetch(`${backend.url}/rest/v1/rpc/added_later`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${await backend.signAccessToken()}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(user.status).toBe(403);
  });
});

describe('one phone per person, everywhere', () => {
  it('refuses an admin edit giving a participant another team member’s phone, and changes nothing', async () => {
    await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
    const team = {
      ...payloads.register_participant(next()),
      participation_type: 'team',
      team_name: 'Les Aigles',
      team_members: [{ full_name: 'Membre Aigle', phone: '677123456' }],
    };
    const solo = payloads.register_participant(next());
    expect((await write('register_participant', team)).status).toBe(200);
    expect((await write('register_participant', solo)).status).toBe(200);
    await signInAdmin('chef@example.cm', 'chef-password-123');
    const before = await getParticipant(String(solo.id));
    if (!before) throw new Error('missing');
    await expect(
      updateParticipant(before.id, { ...before, phone: '677123456', city: 'Kribi' }),
    ).rejects.toMatchObject({
      message: 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.',
    });
    expect(await getParticipant(before.id)).toEqual(before);
    // A member given the phone of another registration: refused, naming the member.
    const teamBefore = await getParticipant(String(team.id));
    if (!teamBefore) throw new Error('missing');
    await expect(
      updateParticipant(teamBefore.id, {
        ...teamBefore,
        teamMembers: [{ fullName: 'Membre Aigle', phone: String(solo.phone), email: '' }],
      }),
    ).rejects.toMatchObject({
      message: 'Le numéro de téléphone du membre 1 est déjà inscrit au Booster Challenge.',
    });
    expect(await getParticipant(teamBefore.id)).toEqual(teamBefore);

    // The API refuses a direct write to the tables (admins write through functions, each with
    // its journal row); SQL run by hand meets the same rule.
    const admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
    const direct = await admin.from('team_members').insert({
      participant_id: String(team.id),
      position: 2,
      full_name: 'Intrus',
      phone: String(solo.phone),
    });
    expect(direct.error).toMatchObject({ code: '42501' });
    await expect(
      backend.sql(
        `insert into team_members (participant_id, position, full_name, phone)
         values ($1, 2, 'Intrus', $2)`,
        [String(team.id), String(solo.phone)],
      ),
    ).rejects.toMatchObject({ code: '23505', hint: 'duplicate_member_phone' });
    expect(await count('team_members')).toBe(1);
  });
});
