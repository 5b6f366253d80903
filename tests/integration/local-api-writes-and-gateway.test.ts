/**
 * The embedded local backend (supabase/local) against its own fixture tables, through real
 * supabase-js and raw HTTP: PostgREST's and GoTrue's semantics, independent of the app's schema.
 * Here: writes, functions (rpc), the gateway and its tokens, SQL injection.
 */
import { describe, expect, it } from 'vitest';
import { backend, rest, createFixtureTablesBeforeAll } from './support/local-api';

createFixtureTablesBeforeAll();

describe('writes', () => {
  it('inserts with return=minimal: 201 and an empty body', async () => {
    const res = await rest('fx_notes', {
      method: 'POST',
      headers: { Prefer: 'return=minimal' },
      body: JSON.stringify({ title: 'minimal' }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const { error, status, data } = await backend
      .anonClient()
      .from('fx_notes')
      .insert({ title: 'via js' });
    expect({ error, status, data }).toEqual({ error: null, status: 201, data: null });
  });

  it('inserts an array and returns the representation with columns', async () => {
    const { data, error } = await backend
      .anonClient()
      .from('fx_notes')
      .insert([
        { title: 'one', secret: false },
        { title: 'two', secret: false },
      ])
      .select('title, secret');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'one', secret: false },
      { title: 'two', secret: false },
    ]);
  });

  it('updates and deletes with filters, and refuses them without any filter', async () => {
    const c = backend.anonClient();
    await c.from('fx_notes').insert({ title: 'to change' });
    const updated = await c
      .from('fx_notes')
      .update({ title: 'changed' })
      .eq('title', 'to change')
      .select('title');
    expect(updated.data).toEqual([{ title: 'changed' }]);
    const deleted = await c.from('fx_notes').delete().eq('title', 'changed').select('title');
    expect(deleted.data).toEqual([{ title: 'changed' }]);
    expect(
      await backend.sql(`select count(*)::int as n from fx_notes where title = 'changed'`),
    ).toEqual([{ n: 0 }]);
    const unfiltered = await rest('fx_notes', { method: 'DELETE' });
    expect(unfiltered.status).toBe(400);
    expect(await unfiltered.json()).toMatchObject({ code: '21000' });
  });

  it('maps Postgres errors to PostgREST JSON and status codes', async () => {
    const c = backend.anonClient();
    const check = await c.from('fx_notes').insert({ title: 'x'.repeat(41) });
    expect(check.status).toBe(400);
    expect(check.error).toMatchObject({ code: '23514' });
    expect(Object.keys(check.error ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
    const duplicate = await c.from('fx_notes').insert({ id: 1, title: 'dup' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505' });
    const missing = await c.from('fx_nowhere').select('*');
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST205');
    const denied = await c
      .from('fx_comments')
      .insert({ note_id: 1, position: 3, body: 'no policy' });
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
    const unknownColumn = await c.from('fx_notes').insert({ nope: 1 });
    expect(unknownColumn.error?.code).toBe('PGRST204');
  });
});

describe('rpc', () => {
  it('calls functions with named arguments and returns scalars and json', async () => {
    const c = backend.anonClient();
    expect((await c.rpc('fx_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await c.rpc('fx_add', { a: 2 })).data).toBe(3);
    const who = await c.rpc('fx_whoami');
    expect(who.data).toEqual({ uid: null, role: 'anon', amr: null });
    const missing = await c.rpc('fx_add', { nope: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
  });

  it('carries raise exception code, message, detail and hint, and rolls back', async () => {
    const c = backend.anonClient();
    const { error, status } = await c.rpc('fx_refuse', { p_reason: 'closed' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'refused: closed',
      details: 'fx_detail',
      hint: 'fx_hint',
    });
    await c.rpc('fx_insert_then_fail', { p_title: 'ghost' });
    expect(
      await backend.sql(`select count(*)::int as n from fx_notes where title = 'ghost'`),
    ).toEqual([{ n: 0 }]);
  });
});

describe('gateway and tokens', () => {
  it('requires an apikey and a valid JWT', async () => {
    const noKey = await fetch(`${backend.url}/rest/v1/fx_notes`);
    expect(noKey.status).toBe(401);
    const bad = await rest('fx_notes', { token: 'not-a-jwt' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'PGRST301' });
    const expired = await rest('fx_notes', {
      token: await backend.signAccessToken({ exp: 1_000_000 }),
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const forged = (await backend.signAccessToken({ role: 'service_role' })).slice(0, -2) + 'xx';
    expect((await rest('fx_notes', { token: forged })).status).toBe(401);
    const wrongRole = await rest('fx_notes', {
      token: await backend.signAccessToken({ role: 'postgres' }),
    });
    expect(wrongRole.status).toBe(401);
  });

  it('answers 501 outside the subset it serves', async () => {
    const storage = await fetch(`${backend.url}/storage/v1/bucket`, {
      headers: { apikey: backend.anonKey },
    });
    expect(storage.status).toBe(501);
    expect(await storage.json()).toMatchObject({
      message: expect.stringContaining('embedded local backend'),
    });
    expect((await rest('fx_notes?title=cs.{a}')).status).toBe(501);
    // Parts of PostgREST the app does not use: upsert, regex and "is distinct" filters, sets.
    expect((await rest('fx_notes?title=match.^a')).status).toBe(501);
    expect((await rest('fx_notes?title=isdistinct.a')).status).toBe(501);
    const upsert = await backend
      .anonClient()
      .from('fx_notes')
      .upsert({ title: 'x', secret: false });
    expect(upsert.status).toBe(501);
    const set = await backend.anonClient().rpc('fx_titles', { p_prefix: 'b' }).select('title');
    expect(set.status).toBe(501);
    expect((await rest('fx_notes', { headers: { Accept: 'text/csv' } })).status).toBe(501);
    expect((await rest('')).status).toBe(501);
    expect(
      (
        await fetch(`${backend.url}/auth/v1/magiclink`, {
          method: 'POST',
          headers: { apikey: backend.anonKey },
        })
      ).status,
    ).toBe(501);
  });

  it('answers CORS preflights', async () => {
    const res = await fetch(`${backend.url}/rest/v1/fx_notes`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Headers': 'apikey, prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey, prefer');
  });
});

describe('SQL injection', () => {
  it('treats filter values as data', async () => {
    const c = backend.anonClient();
    const attempts = ["'; drop table fx_notes; --", "1' or '1'='1", '$1', '(select 1)'];
    for (const value of attempts) {
      const { data, error } = await c.from('fx_notes').select('id').eq('title', value);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const like = await c.from('fx_notes').select('id').ilike('title', "%' or 1=1 --");
    expect(like.data).toEqual([]);
    expect(await backend.sql(`select to_regclass('public.fx_notes') is not null as ok`)).toEqual([
      { ok: true },
    ]);
  });

  it('treats column, table and function names as identifiers', async () => {
    const paths = [
      'fx_notes?select=id";drop table fx_notes;--',
      'fx_notes?id";drop table fx_notes;--=eq.1',
      'fx_notes?order=id";drop table fx_notes;--',
      'fx_notes?select=id,secret&or=(secret.is.true,id.eq.1)',
      'fx_notes";drop table fx_notes;--',
    ];
    for (const path of paths) {
      const res = await rest(path);
      const body = (await res.json()) as unknown;
      if (res.ok) expect(body).toEqual([{ id: 1, secret: false }]);
      else expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const rpc = await backend.anonClient().rpc('fx_add"(1,1); drop table fx_notes; --', {});
    expect(rpc.status).toBe(404);
    expect(await backend.sql(`select count(*)::int as n from fx_notes where secret`)).toEqual([
      { n: 1 },
    ]);
  });
});
