/**
 * Abuse resistance with nothing but the public anon key (docs/decisions/007-abuse-resistance.md):
 * the trusted client address and the proof-of-work challenges
 * (docs/decisions/016-trusted-address-and-proof-of-work.md).
 * Shared calls and payloads: support/abuse.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  call,
  next,
  payloads,
  TABLE,
  ACTION,
  PATHS,
  count,
  clearPublicWritesBeforeEach,
  forgedHeaders,
} from './support/abuse';

clearPublicWritesBeforeEach();

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
      body: { hint: 'pow_outdated', message: 'Vérification anti-robot trop ancienne : réessayez.' },
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
