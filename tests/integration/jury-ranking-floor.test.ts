import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { NO_REFUSAL } from './support/answers';
import { jurySession, performers, saveSession, score } from './support/jury';

/**
 * A ranking that cannot be steered or read half-done (issue 38, docs/decisions/040-…): each
 * judge's spread floored at one point, incomplete performers last, the raw rank beside,
 * preselection only from locked, complete sessions (each test starts with none), no status
 * moved backwards unless ticked, readers reading a session's scores only once it is locked.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let lead: SupabaseClient;
let second: SupabaseClient;
let ids: { lead: string; second: string };
let day = 0;

beforeAll(async () => {
  await backend.createUser('rk-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('rk-admin@example.cm', 'admin-password-123');
  await backend.createUser('rk-lecteur@example.cm', 'reader-password-123', { role: 'lecteur' });
  reader = await backend.signedInClient('rk-lecteur@example.cm', 'reader-password-123');
  ids = {
    lead: await backend.createUser('rk-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    second: await backend.createUser('rk-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  };
  lead = await backend.signedInClient('rk-j1@example.cm', 'jury-password-123');
  second = await backend.signedInClient('rk-j2@example.cm', 'jury-password-123');
});

beforeEach(async () => {
  await backend.sql('delete from audition_scorecards; delete from audition_sessions');
});

/** A dance session of the two judges on a day of its own; `marks[j][i]`: judge j, performer i. */
async function session(names: string[], marks: (number | null)[][], city = 'Douala') {
  const heldOn = `2027-01-${String(++day).padStart(2, '0')}`;
  const people = await performers(backend, names, { day: heldOn, city });
  const saved = await saveSession(admin, {
    city,
    held_on: heldOn,
    category: 'dance',
    judges: [ids.lead, ids.second],
    lead: ids.lead,
  });
  const s = await jurySession(lead, saved.id);
  for (const [j, judge] of [lead, second].entries())
    for (const [i, v] of marks[j].entries()) if (v !== null) await score(judge, s, people[i], v);
  const shown = `${heldOn.slice(8)}/${heldOn.slice(5, 7)}/${heldOn.slice(0, 4)}`;
  return { id: saved.id, people, s, shown };
}

type Row = {
  participant_id: string;
  name: string;
  raw: number | null;
  normalised: number | null;
  rank_raw: number | null;
  rank_normalised: number | null;
  tied: boolean;
  incomplete: boolean;
  scored: number;
  judges_count: number;
};
const rowsOf = async (client: SupabaseClient, id: string) => {
  const { data, error } = await client.rpc('audition_results', { session_id: id });
  expect(error).toBeNull();
  return (data as { categories: { rows: Row[] }[] }).categories[0].rows;
};
type Ranked = Omit<Row, 'rank_normalised'> & { rank: number | null };
const ranking = async (client: SupabaseClient) => {
  const { data, error } = await client.rpc('audition_ranking', { category: 'dance' });
  expect(error).toBeNull();
  return data as Ranked[];
};
const lock = (id: string, force = false) =>
  admin.rpc('jury_lock_session', { session_id: id, force });
const statuses = async (people: string[]) =>
  (
    await backend.sql<{ status: string }>(
      'select status from participants where id = any ($1::uuid[]) order by array_position($1::uuid[], id)',
      [people],
    )
  ).map((r) => r.status);

describe('one judge cannot steer the normalised ranking', () => {
  it('lead 9/6/6, second 6/6/6.5: no tie, the floor of one point, raw rank beside it', async () => {
    // Lead: mean 7, sd √2 = 1.414 → z +1.414, −0.707, −0.707. Second: mean 6.167, sd 0.236,
    // floored to 1 → z −0.167, −0.167, +0.333. Before the floor: 0.354, −0.707, 0.354 (a tie).
    const { id } = await session(
      ['Danseur A', 'Danseur B', 'Danseur C'],
      [
        [9, 6, 6],
        [6, 6, 6.5],
      ],
    );
    const rows = await rowsOf(admin, id);
    const pick = (r: Row) => [
      r.name,
      Number(r.raw),
      Number(r.normalised),
      r.rank_raw,
      r.rank_normalised,
      r.tied,
    ];
    expect(rows.map(pick)).toEqual([
      ['Danseur A', 7.5, 0.624, 1, 1, false],
      ['Danseur C', 6.25, -0.187, 2, 2, false],
      ['Danseur B', 6, -0.437, 3, 3, false],
    ]);
    const across = await ranking(admin);
    expect(across.map((r) => [r.name, r.rank, r.rank_raw, r.tied])).toEqual([
      ['Danseur A', 1, 1, false],
      ['Danseur C', 2, 2, false],
      ['Danseur B', 3, 3, false],
    ]);
  });

  it('ranks a performer scored by fewer judges than the session has after every complete one', async () => {
    // Soliste: the lead's 9 only (z +1.225, raw 9), ahead of everyone before.
    const { id } = await session(
      ['Danseur K', 'Danseur L', 'Soliste'],
      [
        [7, 5, 9],
        [7, 5, null],
      ],
    );
    const rows = await rowsOf(admin, id);
    const pick = (r: Row) => [
      r.name,
      r.rank_normalised,
      r.rank_raw,
      r.incomplete,
      r.scored,
      r.judges_count,
    ];
    expect(rows.map(pick)).toEqual([
      ['Danseur K', 1, 1, false, 2, 2],
      ['Danseur L', 2, 2, false, 2, 2],
      ['Soliste', 3, 3, true, 1, 2],
    ]);
    expect(Number(rows[2].normalised)).toBe(1.225);
    const across = await ranking(admin);
    expect(
      across.map((r) => [r.name, r.rank, r.rank_raw, r.incomplete, r.scored, r.judges_count]),
    ).toEqual([
      ['Danseur K', 1, 1, false, 2, 2],
      ['Danseur L', 2, 2, false, 2, 2],
      ['Soliste', 3, 3, true, 1, 2],
    ]);
  });
});

describe('preselection only from locked, complete sessions', () => {
  it('is refused while a session is open, then while it is incomplete, naming it', async () => {
    const douala = await session(
      ['Danseur M', 'Danseur N', 'Soliste'],
      [
        [8, 5, 9],
        [8, 5, null],
      ],
    );
    const limbe = await session(['Danseur O'], [[6], [6]], 'Limbe');
    expect((await lock(limbe.id)).error).toBeNull();
    const before = await statuses([...douala.people, ...limbe.people]);
    for (const args of [
      { category: 'dance', n: 1, status: 'finaliste' },
      { category: 'dance', n: 1, status: 'preselectionne', session_id: douala.id },
    ]) {
      const { error } = await admin.rpc('admin_preselect_top', args);
      expect(error).toMatchObject({ code: 'P409', hint: 'sessions_not_ready' });
      expect(error!.message).toContain(`Session Douala du ${douala.shown} encore ouverte`);
      expect(error!.message).not.toContain('Limbe');
    }
    expect((await lock(douala.id, true)).error).toBeNull();
    const incomplete = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 1,
      status: 'finaliste',
    });
    expect(incomplete.error).toMatchObject({ code: 'P409', hint: 'sessions_not_ready' });
    expect(incomplete.error!.message).toBe(
      `Désignation des finalistes impossible : Session Douala du ${douala.shown} incomplète (1 participant sans toutes leurs notes). Verrouillez chaque session une fois toutes ses notes données.`,
    );
    expect(await statuses([...douala.people, ...limbe.people])).toEqual(before);
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from audit_log where action in ('jury.preselect', 'participant.status')`,
    );
    expect(n).toBe(0);
    // Unlocked, completed, locked again: accepted.
    expect(
      (await admin.rpc('admin_unlock_session', { session_id: douala.id, reason: 'Note oubliée' }))
        .error,
    ).toBeNull();
    await score(second, douala.s, douala.people[2], 7);
    expect((await lock(douala.id)).error).toBeNull();
    const done = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 1,
      status: 'finaliste',
    });
    expect(done.data).toMatchObject({ ids: [douala.people[0]], updated: 1 });
  });
});

describe('no status moved backwards without a choice per person', () => {
  it('refuses, then keeps those not ticked and moves back only those ticked', async () => {
    const { id, people } = await session(
      ['Premier', 'Deuxième', 'Troisième'],
      [
        [9, 7, 5],
        [9, 7, 5],
      ],
    );
    expect((await lock(id)).error).toBeNull();
    await backend.sql(`update participants set status = 'laureat' where id = $1`, [people[0]]);
    const ask = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'finaliste',
    });
    expect(ask.error).toMatchObject({ code: 'P409', hint: 'status_backwards' });
    expect(ask.error!.message).toContain('Premier (lauréat)');
    expect(JSON.parse(ask.error!.details)).toEqual([
      { participant_id: people[0], name: 'Premier', status: 'laureat' },
    ]);
    expect(await statuses(people)).toEqual(['laureat', 'convoque', 'convoque']);
    // Nobody ticked: the laureate keeps their status, the second becomes a finalist.
    const kept = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'finaliste',
      move_back: [],
    });
    expect(kept.data).toEqual({
      ...NO_REFUSAL,
      ids: people.slice(0, 2),
      updated: 1,
      moved_back: [],
      kept: [people[0]],
    });
    expect(await statuses(people)).toEqual(['laureat', 'finaliste', 'convoque']);
    // A tick on someone who would not move back (the list changed): refused, nothing changes.
    const stale = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'preselectionne',
      move_back: [people[2]],
    });
    expect(stale.error).toMatchObject({ code: 'P409', hint: 'move_back_stale' });
    // Ticked: the finalist goes back to présélectionné, the laureate stays.
    const back = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'preselectionne',
      move_back: [people[1]],
    });
    expect(back.error).toBeNull();
    expect(await statuses(people)).toEqual(['laureat', 'preselectionne', 'convoque']);
    const history = await backend.sql<{ from_status: string; to_status: string }>(
      'select from_status, to_status from participant_status_history where participant_id = $1 order by id',
      [people[1]],
    );
    expect(history).toEqual([
      { from_status: 'convoque', to_status: 'finaliste' },
      { from_status: 'finaliste', to_status: 'preselectionne' },
    ]);
  });
});

describe('a reader (lecteur) reads a session’s scores only once it is locked', () => {
  it('no results, cards, scores or ranking of an open session; all of them after the lock', async () => {
    const { id, people } = await session(
      ['Danseur R', 'Danseur S'],
      [
        [8, 6],
        [7, 5],
      ],
    );
    const open = await reader.rpc('audition_results', { session_id: id });
    expect(open.error).toMatchObject({ code: 'P409', hint: 'session_open' });
    for (const table of ['audition_scorecards', 'audition_scores']) {
      const { data } = await reader.from(table).select('*').eq('session_id', id);
      expect(data ?? [], table).toEqual([]);
    }
    expect((await ranking(reader)).map((r) => r.participant_id)).toEqual([]);
    expect((await ranking(admin)).map((r) => r.participant_id)).toEqual(people);
    expect((await lock(id)).error).toBeNull();
    expect((await rowsOf(reader, id)).map((r) => r.participant_id)).toEqual(people);
    const { data: cards } = await reader
      .from('audition_scorecards')
      .select('id')
      .eq('session_id', id);
    expect(cards).toHaveLength(4);
    expect((await ranking(reader)).map((r) => r.participant_id)).toEqual(people);
  });
});
