/**
 * The embedded local backend serves a set-returning function as PostgREST does
 * (docs/decisions/054-typed-answers.md): its rows as an array, or its one row as an object when
 * supabase-js asks for one (`.single()`, `.maybeSingle()`: `Accept:
 * application/vnd.pgrst.object+json`), 406 PGRST116 when the set has not exactly one row.
 */
import { describe, expect, it } from 'vitest';
import { backend, createFixtureTablesBeforeAll, rest } from './support/local-api';

createFixtureTablesBeforeAll();

const OBJECT = { Accept: 'application/vnd.pgrst.object+json' };

describe('a function that returns a set', () => {
  it('answers its rows as an array (row level security applies), [] when there is none', async () => {
    const all = await backend.anonClient().rpc('fx_titles', { p_prefix: '' });
    expect(all.error).toBeNull();
    expect((all.data as { title: string }[]).map((r) => r.title)).toEqual([
      'apple pie',
      'banana bread',
      'cherry tart',
    ]);
    const none = await rest('rpc/fx_titles', {
      method: 'POST',
      body: JSON.stringify({ p_prefix: 'zzz' }),
    });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([]);
  });

  it('answers its one row as an object when asked, 406 PGRST116 when there are more or none', async () => {
    const one = await backend.anonClient().rpc('fx_titles', { p_prefix: 'b' }).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ title: 'banana bread', secret: false });

    const many = await rest('rpc/fx_titles', {
      method: 'POST',
      headers: OBJECT,
      body: JSON.stringify({ p_prefix: '' }),
    });
    expect(many.status).toBe(406);
    expect(await many.json()).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 3 rows',
    });

    const maybe = await backend.anonClient().rpc('fx_titles', { p_prefix: 'zzz' }).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});
