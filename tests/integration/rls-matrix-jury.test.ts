/**
 * Row-level security matrix (DESIGN.md §2), the jury's part (docs/decisions/031-jury-
 * scorecards.md): what a judge can read (their sessions, their own cards, names and slots, no
 * contact detail) and who can write a score (the session's judges only, through
 * jury_submit_scorecard). The per-table and per-function cells are in rls-matrix-tables and
 * rls-matrix-functions; shared clients and rows: support/rls-matrix.ts.
 */
import { describe, expect, it } from 'vitest';
import { backend, clients, fixture, ROLES, signInEveryRole } from './support/rls-matrix';

signInEveryRole();

/** A session the jury account does not judge (the admin alone), with one card. */
async function otherSession(pid: string) {
  const [{ id }] = await backend.sql<{ id: string }>(
    `insert into audition_sessions (city, held_on, category, venue)
     values ('Garoua', date '2033-01-01' + (random() * 3000)::int, 'dance', 'Garoua')
     returning id::text`,
  );
  await backend.sql(`select private.audition_copy_criteria($1::uuid, 'dance')`, [id]);
  await backend.sql(
    `insert into audition_judges (session_id, user_id, is_lead, position)
     select $1::uuid, id, true, 1 from auth.users where email = 'admin@example.cm'`,
    [id],
  );
  await backend.sql(
    `insert into audition_scorecards (id, session_id, judge_id, participant_id, revision, absent)
     select gen_random_uuid(), $1::uuid, id, $2::uuid, 1, true from auth.users where email = 'admin@example.cm'`,
    [id, pid],
  );
  return id;
}

describe('what a judge can read', () => {
  it('not another session, by any table or function', async () => {
    const { pid } = await fixture();
    const other = await otherSession(pid);
    const asked = await clients.jury.rpc('jury_session', { session_id: other });
    expect(asked.error).toMatchObject({ code: '42501' });
    for (const table of ['audition_sessions', 'audition_session_criteria', 'audition_judges']) {
      const key = table === 'audition_sessions' ? 'id' : 'session_id';
      const { data } = await clients.jury.from(table).select('*').eq(key, other);
      expect(data ?? [], table).toEqual([]);
    }
    const { data: cards } = await clients.jury
      .from('audition_scorecards')
      .select('*')
      .eq('session_id', other);
    expect(cards ?? []).toEqual([]);
    const { data: listed } = await clients.jury.rpc('jury_sessions');
    expect((listed as { id: string }[]).map((s) => s.id)).not.toContain(other);
    for (const fn of ['audition_results', 'admin_audition_sessions', 'audition_scores_export']) {
      const { error } = await clients.jury.rpc(
        fn,
        fn === 'audition_results' ? { session_id: other } : {},
      );
      expect(error, fn).toMatchObject({ code: '42501' });
    }
  });

  it('not another judge’s card or scores before the lock; their totals only after it', async () => {
    const { asid, juryCard, adminCard } = await fixture();
    const { data: cards } = await clients.jury
      .from('audition_scorecards')
      .select('id')
      .eq('session_id', asid);
    expect(cards).toEqual([{ id: juryCard }]);
    const { data: scores } = await clients.jury
      .from('audition_scores')
      .select('scorecard_id')
      .eq('session_id', asid);
    expect(new Set(scores!.map((s) => s.scorecard_id))).toEqual(new Set([juryCard]));
    const before = await clients.jury.rpc('jury_session', { session_id: asid });
    expect(before.data.others).toBeNull();
    expect(JSON.stringify(before.data)).not.toContain(adminCard);
    await backend.sql(
      `update audition_sessions set state = 'locked', locked_at = now() where id = $1`,
      [asid],
    );
    const after = await clients.jury.rpc('jury_session', { session_id: asid });
    expect(after.data.others).toEqual([
      { judge: 'Juré 2', participant_id: expect.any(String), absent: false, total: 5 },
    ]);
    expect(JSON.stringify(after.data)).not.toContain(adminCard);
    const { data: still } = await clients.jury
      .from('audition_scorecards')
      .select('id')
      .eq('session_id', asid);
    expect(still).toEqual([{ id: juryCard }]);
  });

  it('no phone, e-mail or notes, from any table, view or function it can reach', async () => {
    const { pid, asid } = await fixture();
    await backend.sql(`update participants set notes = 'Note interne très secrète' where id = $1`, [
      pid,
    ]);
    const [p] = await backend.sql<{ phone: string; email: string; notes: string }>(
      `select phone, email, notes from participants where id = $1`,
      [pid],
    );
    const members = await backend.sql<{ phone: string }>(
      `select phone from team_members where participant_id = $1`,
      [pid],
    );
    const secrets = [p.phone, p.email, p.notes, ...members.map((m) => m.phone)];
    const seen: string[] = [];
    const relations = await backend.sql<{ name: string }>(
      `select c.relname::text name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and has_table_privilege('authenticated', c.oid, 'select') order by 1`,
    );
    for (const { name } of relations) {
      const { data, error } = await clients.jury.from(name).select('*');
      seen.push(JSON.stringify({ name, data, error }));
    }
    const functions = await backend.sql<{ name: string; args: string[]; types: string[] }>(
      `select p.proname::text name, coalesce(p.proargnames, '{}')::text[] args,
              array(select format_type(t, null) from unnest(p.proargtypes) t)::text[] types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute')
          and p.proname <> 'jury_submit_scorecard' order by 1`,
    );
    const argFor = (type: string): unknown =>
      ({ uuid: asid, 'uuid[]': [pid], text: 'dance', jsonb: {}, integer: 1, boolean: false })[
        type
      ] ?? null;
    for (const fn of functions) {
      const args = Object.fromEntries(fn.types.map((t, i) => [fn.args[i], argFor(t)]));
      const { data, error } = await clients.jury.rpc(fn.name, args);
      seen.push(JSON.stringify({ fn: fn.name, data, error }));
    }
    const text = seen.join('\n');
    // The judge did reach the session and the performer's name.
    expect(text).toContain('Les Lions');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('what a reader (lecteur) can read', () => {
  it('no card, score or result of an open session; all of them once it is locked', async () => {
    // docs/decisions/040-ranking-floor-and-complete-first.md
    const { asid } = await fixture();
    const read = async () => ({
      cards: (await clients.lecteur.from('audition_scorecards').select('id').eq('session_id', asid))
        .data?.length,
      scores: (await clients.lecteur.from('audition_scores').select('value').eq('session_id', asid))
        .data?.length,
      results:
        (await clients.lecteur.rpc('audition_results', { session_id: asid })).error?.hint ?? 'read',
    });
    expect(await read()).toEqual({ cards: 0, scores: 0, results: 'session_open' });
    await backend.sql(
      `update audition_sessions set state = 'locked', locked_at = now() where id = $1`,
      [asid],
    );
    expect(await read()).toEqual({ cards: 2, scores: 8, results: 'read' });
  });
});

describe('who can write a score', () => {
  it('the session’s judges only: anon and every other role are refused, nothing stored', async () => {
    const { pid, asid } = await fixture();
    const [{ ids }] = await backend.sql<{ ids: string[] }>(
      `select array_agg(id::text order by position) ids from audition_session_criteria where session_id = $1`,
      [asid],
    );
    const scores = Object.fromEntries(ids.map((id) => [id, 9]));
    const send = (role: (typeof ROLES)[number], card: string) =>
      clients[role].rpc('jury_submit_scorecard', {
        session_id: asid,
        participant_id: pid,
        card_id: card,
        revision: 5,
        absent: false,
        comment: '',
        scores,
      });
    for (const role of ['anon', 'user', 'lecteur', 'controle', 'regie'] as const) {
      const card = crypto.randomUUID();
      const { error } = await send(role, card);
      expect(error, role).toMatchObject({ code: '42501' });
      const direct = await clients[role]
        .from('audition_scores')
        .update({ value: 0 })
        .eq('session_id', asid)
        .select();
      expect(direct.data ?? [], role).toEqual([]);
    }
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from audition_scores where session_id = $1 and value <> 5`,
      [asid],
    );
    expect(n).toBe(0);
    // The session's own judge (the jury account) is accepted.
    const { data, error } = await send('jury', crypto.randomUUID());
    expect(error).toBeNull();
    expect(data).toMatchObject({ stored: true, card: { revision: 5 } });
  });
});
