/**
 * A call to the local API holds its pool connection for one round trip, one implicit transaction
 * (supabase/local/rest.ts, postgrest/rpc.ts): a check that the schema cache still fits the
 * catalog, the settings, the call written from that cache, a check of its HTTP status. A function
 * redefined since fails the check before it runs and is called the long way, as it is now. Each query is CPU for the API process and a turn of its loop
 * with the connection held; on a shared CPU, eight per call made the pool of 20 the night
 * rehearsal's queue (npm run bench:night; docs/decisions/050-the-night-with-a-cut.md).
 */
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();

/** The queries run on connections checked out of the API pool while `work` runs. */
async function queriesDuring(work: () => Promise<void>): Promise<string[]> {
  const texts: string[] = [];
  const spied = new Set<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (spied.has(client)) return;
    spied.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    vi.spyOn(client, 'query').mockImplementation(((...args: unknown[]) => {
      const text = args[0] as string | { text: string };
      texts.push((typeof text === 'string' ? text : text.text).trim().slice(0, 60));
      return original(...args);
    }) as never);
  };
  backend.db.api.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    backend.db.api.off('acquire', onAcquire);
    for (const client of spied) vi.mocked(client.query).mockRestore();
  }
  return texts;
}

const vote = (code: string) =>
  fetch(`${backend.url}/rest/v1/rpc/cast_vote`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      round_id: crypto.randomUUID(),
      candidate_id: crypto.randomUUID(),
      vote_id: crypto.randomUUID(),
    }),
  });

describe('a call to the local API', () => {
  it('holds its pool connection for one round trip, the HTTP status set by the function included', async () => {
    // Warm: the function's volatility is read once, outside the transaction (its own test), and
    // its signature is in the schema cache.
    await vote('ZZZZ-ZZZZ');
    let response: Response | undefined;
    const queries = await queriesDuring(async () => {
      response = await vote('ZZZZ-ZZZZ');
    });
    // An unknown pass: the refusal is set by the function through response.status and commits.
    expect(response!.status).toBe(404);
    expect(((await response!.json()) as { message: string }).message).toBe(
      'Pass inconnu\u00a0: vérifiez le code.',
    );
    expect(queries, queries.join('\n')).toHaveLength(1);
  });

  it('calls a function redefined since the last call as it is now, with its new arguments', async () => {
    const call = (args: Record<string, unknown>) =>
      fetch(`${backend.url}/rest/v1/rpc/fx_cache_probe`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    await backend.sql(`create function public.fx_cache_probe(a int) returns int
                         language sql as 'select a + 1';
                       grant execute on function public.fx_cache_probe(int) to anon`);
    try {
      expect(await (await call({ a: 1 })).json()).toBe(2);
      expect(await (await call({ a: 2 })).json()).toBe(3);
      await backend.sql(`drop function public.fx_cache_probe(int);
                         create function public.fx_cache_probe(b int) returns text
                           language sql as $$select 'b=' || b$$;
                         grant execute on function public.fx_cache_probe(int) to anon`);
      expect(await (await call({ b: 5 })).json()).toBe('b=5');
      const old = await call({ a: 1 });
      expect(old.status).toBe(404);
      expect(((await old.json()) as { code: string }).code).toBe('PGRST202');
      // Same arguments, now a set: the answer is the new function's array, not its first row.
      await backend.sql(`drop function public.fx_cache_probe(int);
                         create function public.fx_cache_probe(b int) returns setof int
                           language sql as 'select generate_series(1, b)';
                         grant execute on function public.fx_cache_probe(int) to anon`);
      expect(await (await call({ b: 3 })).json()).toEqual([1, 2, 3]);
    } finally {
      await backend.sql('drop function if exists public.fx_cache_probe(int)');
    }
  });

  it('runs a function that raises once, answers its error and keeps none of its writes', async () => {
    await backend.sql(`create sequence public.fx_raise_runs;
                       create table public.fx_raise_log (at timestamptz default now());
                       create function public.fx_raise(n int) returns int
                         language plpgsql security definer set search_path = '' as $$
                       begin
                         perform nextval('public.fx_raise_runs');
                         insert into public.fx_raise_log default values;
                         raise exception using errcode = 'P0001', message = 'refusé ' || n;
                       end $$;
                       grant execute on function public.fx_raise(int) to anon`);
    const call = () =>
      fetch(`${backend.url}/rest/v1/rpc/fx_raise`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ n: 7 }),
      });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await call();
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'P0001', message: 'refusé 7' });
      }
      // A sequence is not rolled back: it counts the runs.
      const [{ runs }] = await backend.sql<{ runs: string }>(
        'select last_value::text runs from public.fx_raise_runs',
      );
      expect(runs).toBe('3');
      expect(await backend.sql('select * from public.fx_raise_log')).toEqual([]);
    } finally {
      await backend.sql(`drop function if exists public.fx_raise(int);
                         drop table if exists public.fx_raise_log;
                         drop sequence if exists public.fx_raise_runs`);
    }
  });

  it("answers a status set out of range with PostgREST's 500 and keeps nothing, the first time and the next", async () => {
    await backend.sql(`create table public.fx_status_log (at timestamptz default now());
                       create function public.fx_bad_status(s text) returns int
                         language plpgsql security definer set search_path = '' as $$
                       begin
                         insert into public.fx_status_log default values;
                         perform set_config('response.status', s, true);
                         return 1;
                       end $$;
                       grant execute on function public.fx_bad_status(text) to anon`);
    const call = (status: string) =>
      fetch(`${backend.url}/rest/v1/rpc/fx_bad_status`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ s: status }),
      });
    try {
      for (const status of ['700', 'abc', '700']) {
        const response = await call(status);
        expect(response.status).toBe(500);
        expect(await response.json()).toMatchObject({ code: 'PGRST112' });
      }
      expect(await backend.sql('select * from public.fx_status_log')).toEqual([]);
      expect((await call('201')).status).toBe(201);
      expect((await call('')).status).toBe(200);
      expect(await backend.sql('select * from public.fx_status_log')).toHaveLength(2);
    } finally {
      await backend.sql(`drop function if exists public.fx_bad_status(text);
                         drop table if exists public.fx_status_log`);
    }
  });

  it('runs a stable function READ ONLY, the first time and the next', async () => {
    await backend.sql(`create table public.fx_ro_log (at timestamptz default now());
                       grant insert on public.fx_ro_log to anon;
                       create function public.fx_ro_log_write() returns int
                         language plpgsql volatile as $$
                       begin insert into public.fx_ro_log default values; return 1; end $$;
                       create function public.fx_ro_write() returns int
                         language sql stable as 'select public.fx_ro_log_write()';
                       grant execute on function public.fx_ro_write(), public.fx_ro_log_write()
                         to anon`);
    try {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${backend.url}/rest/v1/rpc/fx_ro_write`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(await response.json()).toMatchObject({ code: '25006' });
        expect(response.status).toBe(405);
      }
      expect(await backend.sql('select * from public.fx_ro_log')).toEqual([]);
    } finally {
      await backend.sql(`drop function if exists public.fx_ro_write();
                         drop function if exists public.fx_ro_log_write();
                         drop table if exists public.fx_ro_log`);
    }
  });

  it("cancels a call over the role's statement timeout, the first time and the next", async () => {
    const db = backend.db.name;
    await backend.sql(`create function public.fx_sleepy() returns int
                         language sql volatile as 'select 1 from pg_sleep(2)';
                       grant execute on function public.fx_sleepy() to anon;
                       alter role anon in database "${db}" set statement_timeout = '300ms'`);
    try {
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const response = await fetch(`${backend.url}/rest/v1/rpc/fx_sleepy`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(await response.json()).toMatchObject({ code: '57014' });
        expect(performance.now() - started).toBeLessThan(1500);
      }
    } finally {
      await backend.sql(`alter role anon in database "${db}" reset statement_timeout;
                         drop function if exists public.fx_sleepy()`);
    }
  });
});
