/**
 * The local backend runs on a real PostgreSQL 17 server and serves requests side by side, as a
 * hosted project does; these are the behaviours that only a real, concurrent engine shows.
 * Concurrent visitors: local-engine-concurrency.test.ts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, rpc, count } from './support/local-engine';

beforeAll(async () => {
  await backend.sql(`
    create function public.fx_wait_for_lock() returns text language sql volatile as $$
      select pg_advisory_xact_lock(4242); select 'through'
    $$;
    create function public.fx_slow() returns int language sql volatile as $$
      select pg_sleep(5); select 1
    $$;
    create table public.fx_log (id serial primary key, at timestamptz default now());
    grant insert on public.fx_log to anon;
    grant usage on sequence public.fx_log_id_seq to anon;
    -- Postgres itself refuses an INSERT written in a stable function; one done by a volatile
    -- function it calls is refused only by a READ ONLY transaction.
    create function public.fx_log_write() returns int language plpgsql volatile as $$
    begin
      insert into public.fx_log default values;
      return 1;
    end $$;
    create function public.fx_stable_write() returns int language sql stable as $$
      select public.fx_log_write()
    $$;
    create function public.fx_volatile_write() returns int language sql volatile as $$
      select public.fx_log_write()
    $$;
    create function public.fx_request() returns jsonb language sql stable as $$
      select jsonb_build_object(
        'forwarded', current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
        'realIp', current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
        'agent', current_setting('request.headers', true)::jsonb ->> 'x-client-tag',
        'method', current_setting('request.method', true),
        'path', current_setting('request.path', true),
        'role', current_user,
        'timeout', current_setting('statement_timeout'),
        'readOnly', current_setting('transaction_read_only'),
        'preRequest', current_setting('fx.pre_request', true))
    $$;
    create function public.fx_headers() returns jsonb language sql stable as $$
      select current_setting('request.headers', true)::jsonb
    $$;
    create function public.fx_pre_request() returns void language plpgsql as $$
    begin
      if current_setting('request.headers', true)::jsonb ->> 'x-client-tag' = 'blocked' then
        raise exception 'Trop de requêtes.' using errcode = 'PT429';
      end if;
      perform set_config('fx.pre_request', 'ran', true);
    end $$;
    grant execute on function public.fx_wait_for_lock(), public.fx_slow(), public.fx_stable_write(),
      public.fx_volatile_write(), public.fx_log_write(),
      public.fx_request(), public.fx_headers(), public.fx_pre_request() to anon;
  `);
});

describe('the engine', () => {
  it('is PostgreSQL 17', async () => {
    const [{ version }] = await backend.sql<{ version: number }>(
      `select current_setting('server_version_num')::int as version`,
    );
    expect(Math.floor(version / 10000)).toBe(17);
  });

  it('serves a request while another one waits on a lock', async () => {
    const holder = new pg.Client({ connectionString: backend.db.server.url(backend.db.name) });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(4242)');
      const order: string[] = [];
      const blocked = rpc('fx_wait_for_lock').then(async (res) => {
        order.push('blocked');
        return res;
      });
      // Give the blocked request time to reach the lock.
      await expect
        .poll(
          async () =>
            (
              await backend.sql<{ n: number }>(
                `select count(*)::int n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
              )
            )[0].n,
        )
        .toBe(1);
      const other = await rpc('registration_status');
      order.push('other');
      expect(other.status).toBe(200);
      expect(order).toEqual(['other']);
      await holder.query('select pg_advisory_unlock(4242)');
      const released = await blocked;
      expect(released.status).toBe(200);
      expect(await released.json()).toBe('through');
      expect(order).toEqual(['other', 'blocked']);
    } finally {
      await holder.end();
    }
  });
});

describe('PostgREST semantics per request', () => {
  it('applies the role, its statement timeout, the request and the client address', async () => {
    const res = await rpc('fx_request', {}, { 'X-Forwarded-For': '6.6.6.6', 'X-Client-Tag': 'a' });
    expect(await res.json()).toEqual({
      // What the client claims is replaced by the TCP peer, as the hosted gateway does.
      forwarded: '127.0.0.1',
      realIp: '127.0.0.1',
      agent: 'a',
      method: 'POST',
      path: '/rest/v1/rpc/fx_request',
      role: 'anon',
      timeout: '3s',
      readOnly: 'on',
      preRequest: null,
    });
    const signedIn = await fetch(`${backend.url}/rest/v1/rpc/fx_request`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${await backend.signAccessToken()}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(await signedIn.json()).toMatchObject({ role: 'authenticated', timeout: '8s' });
  });

  it('overwrites every client-address header with the TCP peer, as a gateway does, and keeps the others', async () => {
    const forged = {
      'CF-Connecting-IP': '6.6.6.1',
      'CF-Connecting-IPv6': '2001:db8::6',
      'True-Client-IP': '6.6.6.2',
      'X-Real-IP': '6.6.6.3',
      'X-Forwarded-For': '6.6.6.4, 10.0.0.1',
      'X-Forwarded': 'for=6.6.6.5',
      'Forwarded-For': '6.6.6.6',
      Forwarded: 'for="[2001:db8::7]";proto=https',
      'X-Client-IP': '6.6.6.8',
      'Client-IP': '6.6.6.9',
      'X-Cluster-Client-IP': '6.6.6.10',
      'Fastly-Client-IP': '6.6.6.11',
      'X-Original-Forwarded-For': '6.6.6.12',
      'X-My-Proxy-Client-IP': '6.6.6.13',
      'X-Forwarded-Proto': 'https',
      'X-Client-Tag': 'kept',
    };
    const headers = (await (await rpc('fx_headers', {}, forged)).json()) as Record<string, string>;
    const { forwarded, ...rest } = Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) =>
          !/^(host|connection|content-|accept|apikey|user-agent|sec-|x-client-tag|x-forwarded-proto)/.test(
            name,
          ),
      ),
    );
    expect(forwarded).toBe('for=127.0.0.1');
    expect(Object.keys(rest).length).toBeGreaterThanOrEqual(18);
    expect(Object.entries(rest).filter(([, value]) => value !== '127.0.0.1')).toEqual([]);
    expect(headers['x-my-proxy-client-ip']).toBe('127.0.0.1');
    expect(headers['x-client-tag']).toBe('kept');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(JSON.stringify(headers)).not.toMatch(/6\.6\.6|2001:db8/);
  });

  it('cancels a statement over the anon timeout with PostgREST’s error', async () => {
    const started = performance.now();
    const res = await rpc('fx_slow');
    const elapsed = performance.now() - started;
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    expect(elapsed).toBeGreaterThan(2900);
    expect(elapsed).toBeLessThan(4900);
  });

  it('runs a POST to a stable function READ ONLY: a write inside it fails and stores nothing', async () => {
    const res = await rpc('fx_stable_write');
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({
      code: '25006',
      message: 'cannot execute INSERT in a read-only transaction',
    });
    expect(await count('public.fx_log')).toBe(0);
    expect((await rpc('fx_volatile_write')).status).toBe(200);
    expect(await count('public.fx_log')).toBe(1);
  });

  it('runs the pre-request function named on the authenticator role first', async () => {
    const db = backend.db.name;
    await backend.sql(
      `alter role authenticator in database "${db}" set pgrst.db_pre_request = 'public.fx_pre_request'`,
    );
    try {
      const ran = await rpc('fx_request', {}, { 'X-Client-Tag': 'ok' });
      expect(await ran.json()).toMatchObject({ preRequest: 'ran' });
      const refused = await rpc('registration_status', {}, { 'X-Client-Tag': 'blocked' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ message: 'Trop de requêtes.' });
    } finally {
      await backend.sql(`alter role authenticator in database "${db}" reset pgrst.db_pre_request`);
    }
    expect((await rpc('registration_status', {}, { 'X-Client-Tag': 'blocked' })).status).toBe(200);
  });
});

afterAll(async () => {
  await backend.sql('drop function if exists public.fx_slow()');
});
