/**
 * The embedded local backend (supabase/local) against its own fixture tables, through real
 * supabase-js and raw HTTP: PostgREST's and GoTrue's semantics, independent of the app's schema.
 * Here: reads.
 */
import { describe, expect, it } from 'vitest';
import { backend, rest, createFixtureTablesBeforeAll } from './support/local-api';

createFixtureTablesBeforeAll();

describe('reads', () => {
  it('caps a read at 1000 rows while count=exact gives the real total', async () => {
    const { data, count, error, status } = await backend
      .anonClient()
      .from('fx_bulk')
      .select('id', { count: 'exact' })
      .order('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1000);
    expect(count).toBe(2500);
    expect(status).toBe(206);

    const res = await rest('fx_bulk?select=id&limit=5000', { headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-999/2500');
    expect((await res.json()) as unknown[]).toHaveLength(1000);
  });

  it('pages with range (limit/offset) and answers */total past the end', async () => {
    const c = backend.anonClient();
    const page = await c
      .from('fx_bulk')
      .select('id', { count: 'exact' })
      .order('id')
      .range(1000, 1999);
    expect(page.data?.[0]).toEqual({ id: 1001 });
    expect(page.data).toHaveLength(1000);
    const last = await c.from('fx_bulk').select('id').order('id').range(2495, 2600);
    expect(last.data?.map((r) => r.id)).toEqual([2496, 2497, 2498, 2499, 2500]);

    const empty = await rest('fx_bulk?select=id&offset=2500', {
      headers: { Prefer: 'count=exact' },
    });
    expect(empty.headers.get('content-range')).toBe('*/2500');
    const beyond = await rest('fx_bulk?select=id&offset=3000', {
      headers: { Prefer: 'count=exact' },
    });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103' });
  });

  it('counts without rows with head: true', async () => {
    const { count, data } = await backend
      .anonClient()
      .from('fx_bulk')
      .select('*', { count: 'exact', head: true })
      .lt('id', 11);
    expect(count).toBe(10);
    expect(data).toBeNull();
  });

  it('applies RLS for the caller role', async () => {
    const { data } = await backend.anonClient().from('fx_notes').select('title').order('id');
    expect(data?.map((r) => r.title)).toEqual(['apple pie', 'banana bread', 'cherry tart']);
  });

  it('filters with eq, neq, gt/gte/lt/lte, like/ilike, is, in and not', async () => {
    const c = backend.anonClient();
    const ids = async (q: PromiseLike<{ data: { id: number }[] | null }>) =>
      (await q).data?.map((r) => r.id);
    const notes = () => c.from('fx_notes').select('id').order('id');
    expect(await ids(notes().eq('title', 'banana bread'))).toEqual([2]);
    expect(await ids(notes().neq('id', 2))).toEqual([1, 3]);
    expect(await ids(notes().gt('id', 1).lte('id', 3))).toEqual([2, 3]);
    expect(await ids(notes().gte('id', 3))).toEqual([3]);
    expect(await ids(notes().lt('id', 2))).toEqual([1]);
    expect(await ids(notes().like('title', '%an%'))).toEqual([2]);
    expect(await ids(notes().ilike('title', 'CHERRY%'))).toEqual([3]);
    expect(await ids(notes().is('owner', null))).toEqual([1, 2, 3]);
    expect(await ids(notes().in('title', ['apple pie', 'cherry tart', 'a,b']))).toEqual([1, 3]);
    expect(await ids(notes().in('id', []))).toEqual([]);
    expect(await ids(notes().not('title', 'like', '*a*'))).toEqual([]);
    expect(await ids(notes().not('id', 'in', '(1,2)'))).toEqual([3]);
  });

  it('understands or=(…) with * wildcards, nested and(), and orders with nulls placement', async () => {
    const c = backend.anonClient();
    const { data } = await c
      .from('fx_notes')
      .select('id')
      .or('title.ilike.*APPLE*,id.eq.3')
      .order('id', { ascending: false });
    expect(data).toEqual([{ id: 3 }, { id: 1 }]);
    const nested = await c
      .from('fx_notes')
      .select('id')
      .or('and(id.gt.1,title.like.b*),id.eq.1')
      .order('id');
    expect(nested.data).toEqual([{ id: 1 }, { id: 2 }]);
    const res = await rest('fx_notes?select=id,owner&order=owner.desc.nullslast,id.desc');
    expect(await res.json()).toEqual([
      { id: 3, owner: null },
      { id: 2, owner: null },
      { id: 1, owner: null },
    ]);
  });

  it('embeds one level through foreign keys, ordered by <rel>.order', async () => {
    const c = backend.anonClient();
    const { data, error } = await c
      .from('fx_notes')
      .select('id, fx_comments(position, body)')
      .order('id')
      .order('position', { referencedTable: 'fx_comments', ascending: true })
      .lte('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: 1,
        fx_comments: [
          { position: 1, body: 'first' },
          { position: 2, body: 'second' },
        ],
      },
      { id: 2, fx_comments: [{ position: 1, body: 'only' }] },
      { id: 3, fx_comments: [] },
    ]);
    const star = await c.from('fx_notes').select('*, fx_comments(*)').eq('id', 2).single();
    expect(star.data).toMatchObject({
      id: 2,
      title: 'banana bread',
      fx_comments: [{ body: 'only', note_id: 2 }],
    });
    const parent = await c
      .from('fx_comments')
      .select('body, note:fx_notes(title)')
      .eq('body', 'only');
    expect(parent.data).toEqual([{ body: 'only', note: { title: 'banana bread' } }]);
  });

  it('answers 406 PGRST116 when a single object is asked and 0 or several rows match', async () => {
    const c = backend.anonClient();
    const none = await c.from('fx_notes').select('id').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await c.from('fx_notes').select('id').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const maybe = await c.from('fx_notes').select('id').eq('id', 999).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
    const one = await c.from('fx_notes').select('title').eq('id', 1).single();
    expect(one.data).toEqual({ title: 'apple pie' });
  });
});
