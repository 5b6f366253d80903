/**
 * Row-level security matrix (DESIGN.md §2): anon, a signed-in non-staff user and each staff role
 * (lecteur: reads lists and statistics, contact details masked; controle: door check-in only;
 * regie: the public vote's control desk, nothing personal; admin), through real supabase-js.
 * Here: what door staff, visitors, a reader and the stage screen can read of a pass and
 * of the voters.
 * Shared clients and rows: support/rls-matrix.ts.
 */
import { describe, expect, it } from 'vitest';
import { NO_REFUSAL } from './support/answers';
import { backend, clients, onePass, signInEveryRole, uuid } from './support/rls-matrix';

signInEveryRole();

describe('what door staff and visitors can read of a pass', () => {
  it('door staff: the first name, the initial and the masked phone, through check_in only', async () => {
    const { rid, pass_code } = await onePass();
    const { data } = await clients.controle.rpc('check_in', {
      code: pass_code,
      door: 'Porte 1',
      scan_id: crypto.randomUUID(),
    });
    expect(data).toEqual({
      verdict: 'validated',
      first_name: 'Marie',
      last_initial: 'N',
      masked_phone: expect.stringMatching(/^6•• •• •• \d\d$/),
      checked_in_at: expect.any(String),
      door: 'Porte 1',
      by_hand: false,
      position: null,
      ...NO_REFUSAL,
    });
    const { data: rows } = await clients.controle.from('reservations').select('*').eq('id', rid);
    expect(rows ?? []).toEqual([]);
  });

  it('anon: one pass with its code, no list', async () => {
    const { pass_code } = await onePass();
    const { data } = await clients.anon.rpc('get_pass', { code: pass_code });
    expect(data).toMatchObject({ code: pass_code, first_name: 'Marie' });
    const { data: rows } = await clients.anon.from('reservations').select('pass_code');
    expect(rows ?? []).toEqual([]);
    // The wrong code, a pattern or nothing read nothing: every field of the answer is null
    // (a null pass_answer, as PostgREST answers a null composite).
    for (const code of ['%', '*', pass_code.slice(0, 9), '']) {
      const { data: none } = await clients.anon.rpc('get_pass', { code });
      expect(Object.values(none ?? {}).filter((v) => v !== null)).toEqual([]);
    }
  });
});

describe('what a reader (lecteur) can read of reservations', () => {
  /** An argument of each type a function may take, from what a reader could know or try. */
  const argFor = (type: string, r: { id: string; masked: string }): unknown =>
    ({
      uuid: r.id,
      'uuid[]': [r.id],
      text: r.masked,
      'text[]': [r.masked],
      jsonb: { id: r.id, phone: r.masked },
      integer: 0,
      boolean: true,
      'timestamp with time zone': new Date().toISOString(),
    })[type] ?? null;

  it('no pass code and no full phone, from any table, view or function it can reach', async () => {
    const { rid, pass_code } = await onePass();
    // A checked-in pass and a cancelled one too.
    const { rid: entered } = await onePass();
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [entered],
    );
    const secrets = await backend.sql<{ pass_code: string; phone: string }>(
      'select pass_code, phone from reservations',
    );
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const [{ masked }] = await backend.sql<{ masked: string }>(
      'select private.mask_phone(phone) masked from reservations where id = $1',
      [rid],
    );
    const leaks = (where: string, body: unknown) => {
      const text = JSON.stringify(body);
      for (const s of secrets) {
        expect(text, `${where} shows a pass code`).not.toContain(s.pass_code);
        expect(text, `${where} shows a phone`).not.toContain(s.phone);
      }
    };

    const relations = await backend.sql<{ name: string }>(
      `select c.relname::text name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and has_table_privilege('authenticated', c.oid, 'select') order by 1`,
    );
    const read: string[] = [];
    for (const { name } of relations) {
      const { data, error } = await clients.lecteur.from(name).select('*');
      leaks(name, { data, error });
      if ((data ?? []).length > 0) read.push(name);
    }
    // The reader's list is there, without what it must not show.
    expect(read).toContain('reservation_directory');
    expect(read).not.toContain('reservations');
    const { data: listed } = await clients.lecteur.from('reservation_directory').select('*');
    expect(listed).toContainEqual(
      expect.objectContaining({ full_name: 'Marie Nana', phone: masked }),
    );
    expect(JSON.stringify(listed)).not.toContain(rid);

    const functions = await backend.sql<{ name: string; args: string[]; types: string[] }>(
      `select p.proname::text name, coalesce(p.proargnames, '{}')::text[] args,
              array(select format_type(t, null) from unnest(p.proargtypes) t)::text[] types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    expect(functions.map((f) => f.name)).toContain('reservation_summary');
    for (const fn of functions) {
      const args = Object.fromEntries(
        fn.types.map((type, i) => [fn.args[i], argFor(type, { id: rid, masked })]),
      );
      const { data, error } = await clients.lecteur.rpc(fn.name, args);
      leaks(`rpc ${fn.name}`, { data, error });
    }
    // Nothing changed either: the pass is still valid.
    expect(
      await backend.sql('select state, checked_in_at from reservations where pass_code = $1', [
        pass_code,
      ]),
    ).toEqual([{ state: 'confirmed', checked_in_at: null }]);
  });
});

describe('what the stage screen shows of the voters', () => {
  it('nothing personal: no pass, name, phone, reservation or vote id, in any state', async () => {
    const { rid, pass_code } = await onePass();
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [rid],
    );
    const { data: round } = await clients.admin.rpc('admin_save_vote_round', {
      payload: {
        title: 'Écran',
        candidates: [
          { number: 1, name: 'Awa N.' },
          { number: 2, name: 'Junior E.' },
        ],
      },
    });
    const { id, candidates } = round as { id: string; candidates: { id: string }[] };
    const seen: unknown[] = [];
    await clients.regie.rpc('regie_open_round', { id });
    const voteId = uuid();
    const cast = await clients.anon.rpc('cast_vote', {
      code: pass_code,
      round_id: id,
      candidate_id: candidates[0].id,
      vote_id: voteId,
    });
    expect(cast.error).toBeNull();
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    await clients.regie.rpc('regie_close_round', { id });
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    await clients.regie.rpc('regie_reveal_round', { id });
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    // The régie's own view of the rounds holds nothing personal either.
    seen.push((await clients.regie.rpc('vote_rounds_list')).data);
    expect(seen.map((s) => (s as { mode?: string }).mode)).toEqual([
      'open',
      'closed',
      'revealed',
      undefined,
    ]);
    const [r] = await backend.sql<{ full_name: string; phone: string }>(
      'select full_name, phone from reservations where id = $1',
      [rid],
    );
    const text = JSON.stringify(seen);
    for (const secret of [pass_code, r.full_name, 'Marie', r.phone, rid, voteId]) {
      expect(text).not.toContain(secret);
    }
    for (const state of seen.slice(0, 3)) {
      const { round: shown } = state as { round: Record<string, unknown> };
      expect(Object.keys(shown).sort()).toEqual([
        'candidates',
        'closes_at',
        'id',
        'title',
        'voters',
        'winner',
      ]);
      expect(shown.voters).toBe(1);
    }
  });
});
