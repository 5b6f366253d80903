import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { NO_REFUSAL } from './support/answers';
import {
  byId,
  jurySession,
  performers,
  saveSession,
  score,
  submit,
  type Card,
} from './support/jury';

/**
 * Audition sessions and the judges' cards (docs/decisions/031-jury-scorecards.md): sessions
 * saved by admins, the running order computed from the slots, cards with an id and a revision
 * (a replay counts once, the last change wins), refusals in French, the criteria frozen once a
 * session is scored, blindness before the lock.
 */
const backend = testBackend();
let admin: SupabaseClient;
let judge1: SupabaseClient;
let judge2: SupabaseClient;
let outsider: SupabaseClient;
let ids: { judge1: string; judge2: string; outsider: string; lecteur: string };
let day = 10;
/** A fresh day per test: sessions of one city and day may not overlap. */
const nextDay = () => `2026-12-${String(++day).padStart(2, '0')}`;

beforeAll(async () => {
  await backend.createUser('sc-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('sc-admin@example.cm', 'admin-password-123');
  ids = {
    judge1: await backend.createUser('sc-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    judge2: await backend.createUser('sc-j2@example.cm', 'jury-password-123', { role: 'jury' }),
    outsider: await backend.createUser('sc-j3@example.cm', 'jury-password-123', { role: 'jury' }),
    lecteur: await backend.createUser('sc-l@example.cm', 'lect-password-123', { role: 'lecteur' }),
  };
  judge1 = await backend.signedInClient('sc-j1@example.cm', 'jury-password-123');
  judge2 = await backend.signedInClient('sc-j2@example.cm', 'jury-password-123');
  outsider = await backend.signedInClient('sc-j3@example.cm', 'jury-password-123');
});

async function setup(names = ['Awa', 'Bibi', 'Cyril'], category: 'dance' | 'both' = 'dance') {
  const heldOn = nextDay();
  const people = await performers(backend, names, { day: heldOn });
  const saved = await saveSession(admin, {
    held_on: heldOn,
    category,
    judges: [ids.judge1, ids.judge2],
  });
  return { heldOn, people, id: saved.id, s: await jurySession(judge1, saved.id) };
}

const cardsOf = (sessionId: string) =>
  backend.sql<{ judge_id: string; participant_id: string; revision: number; absent: boolean }>(
    'select judge_id::text, participant_id::text, revision, absent from audition_scorecards where session_id = $1',
    [sessionId],
  );
const journal = (action: string) =>
  backend.sql<{ summary: string; after: Record<string, unknown> }>(
    'select summary, after from audit_log where action = $1 order by id',
    [action],
  );

describe('sessions', () => {
  it('lists a session to its judges only, with the running order and nothing personal', async () => {
    const { id, s } = await setup();
    const { data: mine } = await judge2.rpc('jury_sessions');
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, is_lead: false, judges_count: 2, performers_count: 3 }),
      ]),
    );
    const { data: theirs } = await outsider.rpc('jury_sessions');
    expect((theirs as { id: string }[]).some((x) => x.id === id)).toBe(false);
    const refused = await outsider.rpc('jury_session', { session_id: id });
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'Cette session ne vous est pas attribuée.',
    });
    expect(s.performers.map((p) => [p.position, p.name])).toEqual([
      [1, 'Awa'],
      [2, 'Bibi'],
      [3, 'Cyril'],
    ]);
    expect(Object.keys(s.performers[0]).sort()).toEqual(
      ['category', 'id', 'mode', 'name', 'position', 'slot'].sort(),
    );
    expect(JSON.stringify(s)).not.toMatch(/@example\.cm|"6\d{8}"/);
    expect(await journal('jury.session_save')).not.toHaveLength(0);
  });

  it('refuses judges without the role, a lead outside the judges and an overlapping session', async () => {
    const heldOn = nextDay();
    const base = { city: 'Douala', held_on: heldOn, category: 'dance', venue: 'Salle Akwa' };
    const bad = await admin.rpc('admin_save_audition_session', {
      payload: { ...base, judges: [ids.lecteur], lead: ids.lecteur },
    });
    expect(bad.error).toMatchObject({ code: '22023', details: 'judges' });
    const lead = await admin.rpc('admin_save_audition_session', {
      payload: { ...base, judges: [ids.judge1], lead: ids.judge2 },
    });
    expect(lead.error).toMatchObject({ code: '22023', details: 'lead' });
    await saveSession(admin, { held_on: heldOn, category: 'dance', judges: [ids.judge1] });
    const overlap = await admin.rpc('admin_save_audition_session', {
      payload: { ...base, category: 'both', judges: [ids.judge1], lead: ids.judge1 },
    });
    expect(overlap.error).toMatchObject({ code: '22023', details: 'category' });
    const { data: accounts } = await admin.rpc('jury_accounts');
    expect((accounts as { email: string }[]).map((a) => a.email)).toEqual([
      'sc-j1@example.cm',
      'sc-j2@example.cm',
      'sc-j3@example.cm',
    ]);
  });

  it('reflects a participant moved away or added later, in slot order', async () => {
    const { id, heldOn, people } = await setup();
    const moved = await admin.rpc('admin_assign_slot', {
      ids: [people[1]],
      city: 'Garoua',
      at: `${heldOn}T09:00:00Z`,
    });
    expect(moved.error).toBeNull();
    const [early] = await performers(backend, ['Zoé'], { day: heldOn, hour: 8 });
    const s = await jurySession(judge1, id);
    expect(s.performers.map((p) => p.name)).toEqual(['Zoé', 'Awa', 'Cyril']);
    expect(s.performers[0].id).toBe(early);
  });

  it('deletes an unscored session, not a scored one', async () => {
    const a = await setup(['Solo']);
    expect((await admin.rpc('admin_delete_audition_session', { session_id: a.id })).data).toEqual({
      ...NO_REFUSAL,
      id: a.id,
      deleted: true,
    });
    const b = await setup(['Solo']);
    await score(judge1, b.s, b.people[0], 5);
    const refused = await admin.rpc('admin_delete_audition_session', { session_id: b.id });
    expect(refused.error).toMatchObject({ code: 'P409', hint: 'session_scored' });
  });
});

describe('cards', () => {
  it('stores a card once however often it is replayed, and journals it once', async () => {
    const { id, s, people } = await setup();
    const before = (await journal('jury.score')).length;
    const card = crypto.randomUUID();
    const args = { session: id, participant: people[0], card, scores: byId(s, 'dance', 7.5) };
    const first = await submit(judge1, args);
    const again = await submit(judge1, args);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ stored: true, card: { id: card, revision: 1, total: 7.5 } });
    expect(again.data).toEqual(first.data);
    expect(await cardsOf(id)).toHaveLength(1);
    const rows = await journal('jury.score');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.summary).toMatch(
      /^Note du jury : Douala le \d\d\/12\/2026, passage n° 1, 7,5 \/ 10$/,
    );
  });

  it('keeps the last change made offline: a higher revision wins, a late lower one does not', async () => {
    const { id, s, people } = await setup();
    const card = crypto.randomUUID();
    const send = (revision: number, v: number) =>
      submit(judge1, {
        session: id,
        participant: people[0],
        card,
        revision,
        scores: byId(s, 'dance', v),
      });
    expect((await send(2, 9)).data).toMatchObject({ stored: true });
    const late = await send(1, 3);
    expect(late.data).toMatchObject({ stored: false, card: { revision: 2 } });
    expect(Object.values((late.data as { card: Card }).card.scores)).toEqual([9, 9, 9, 9]);
    expect((await send(3, 4)).data).toMatchObject({ stored: true, card: { revision: 3 } });
    const [{ values }] = await backend.sql<{ values: number[] }>(
      'select array_agg(value::float order by criterion_id) as values from audition_scores where scorecard_id = $1',
      [card],
    );
    expect(values).toEqual([4, 4, 4, 4]);
  });

  it('removes the scores of a card turned absent', async () => {
    const { id, s, people } = await setup();
    const card = crypto.randomUUID();
    await submit(judge1, {
      session: id,
      participant: people[0],
      card,
      scores: byId(s, 'dance', 6),
    });
    const absent = await submit(judge1, {
      session: id,
      participant: people[0],
      card,
      revision: 2,
      absent: true,
    });
    expect(absent.data).toMatchObject({ stored: true, card: { absent: true, scores: {} } });
    const [{ n }] = await backend.sql<{ n: number }>(
      'select count(*)::int n from audition_scores where scorecard_id = $1',
      [card],
    );
    expect(n).toBe(0);
  });

  it('refuses a missing criterion, a value off the half points, a long comment, a stranger', async () => {
    const { id, s, people } = await setup();
    const scores = byId(s, 'dance', 5);
    const [first] = Object.keys(scores);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { scores: { ...scores, [first]: undefined } },
        'scores',
        /^Notez le critère « Technique »\.$/,
      ],
      [{ scores: { ...scores, [first]: 7.3 } }, 'scores', /de 0 à 10 par demi-points/],
      [{ scores: { ...scores, [first]: 11 } }, 'scores', /de 0 à 10 par demi-points/],
      [{ scores, comment: 'x'.repeat(281) }, 'comment', /280 caractères/],
      [{ scores, revision: 0 }, 'revision', /Révision/],
    ];
    for (const [extra, field, message] of cases) {
      const { error } = await submit(judge1, { session: id, participant: people[0], ...extra });
      expect(error, field).toMatchObject({ code: '22023', details: field });
      expect(error!.message).toMatch(message);
    }
    const [stranger] = await performers(backend, ['Ailleurs'], { day: nextDay() });
    const { error } = await submit(judge1, { session: id, participant: stranger, scores });
    expect(error).toMatchObject({ code: '22023', details: 'participant_id' });
    const notMine = await submit(outsider, { session: id, participant: people[0], scores });
    expect(notMine.error).toMatchObject({ code: '42501' });
    expect(await cardsOf(id)).toEqual([]);
  });

  it('keeps a judge blind to the others’ cards until the lock', async () => {
    const { id, s, people } = await setup();
    await score(judge1, s, people[0], 8);
    await score(judge2, s, people[0], 4);
    const seen = await jurySession(judge2, id);
    expect(seen.my_cards).toHaveLength(1);
    expect(Object.values(seen.my_cards[0].scores)).toEqual([4, 4, 4, 4]);
    expect(seen.others).toBeNull();
    const direct = await judge2.from('audition_scorecards').select('judge_id').eq('session_id', id);
    expect(direct.data).toEqual([{ judge_id: ids.judge2 }]);
    const scores = await judge2.from('audition_scores').select('judge_id').eq('session_id', id);
    expect(new Set(scores.data!.map((r) => r.judge_id))).toEqual(new Set([ids.judge2]));
    const locked = await admin.rpc('jury_lock_session', { session_id: id, force: true });
    expect(locked.error).toBeNull();
    const after = await jurySession(judge2, id);
    expect(after.others).toEqual([
      { judge: 'Juré 1', participant_id: people[0], absent: false, total: 8 },
    ]);
  });
});
