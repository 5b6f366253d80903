import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { byId, jurySession, performers, saveSession, score, submit } from './support/jury';

/**
 * The lock (lead judge or admin; forced when someone is missing, journaled), the admins'
 * unlock, and the top N preselected through the pipeline (docs/decisions/031-jury-scorecards.md).
 */
const backend = testBackend();
let admin: SupabaseClient;
let lead: SupabaseClient;
let second: SupabaseClient;
let ids: { lead: string; second: string };
let day = 10;
const nextDay = () => `2026-11-${String(++day).padStart(2, '0')}`;

beforeAll(async () => {
  await backend.createUser('lk-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('lk-admin@example.cm', 'admin-password-123');
  ids = {
    lead: await backend.createUser('lk-j1@example.cm', 'jury-password-123', { role: 'jury' }),
    second: await backend.createUser('lk-j2@example.cm', 'jury-password-123', { role: 'jury' }),
  };
  lead = await backend.signedInClient('lk-j1@example.cm', 'jury-password-123');
  second = await backend.signedInClient('lk-j2@example.cm', 'jury-password-123');
});

async function setup(names: string[], city = 'Douala') {
  const heldOn = nextDay();
  const people = await performers(backend, names, { day: heldOn, city });
  const saved = await saveSession(admin, {
    city,
    held_on: heldOn,
    category: 'dance',
    judges: [ids.lead, ids.second],
    lead: ids.lead,
  });
  return { people, id: saved.id, s: await jurySession(lead, saved.id) };
}

const journal = (action: string) =>
  backend.sql<{ summary: string; after: Record<string, unknown> }>(
    'select summary, after from audit_log where action = $1 order by id',
    [action],
  );

describe('lock', () => {
  it('is refused to a judge who is not the lead, and says who is missing', async () => {
    const { id, s, people } = await setup(['Alpha', 'Beta', 'Gamma']);
    for (const p of people) await score(lead, s, p, 6);
    await score(second, s, people[0], 6);
    await submit(second, { session: id, participant: people[1], absent: true });
    const notLead = await second.rpc('jury_lock_session', { session_id: id });
    expect(notLead.error).toMatchObject({ code: '42501' });
    const missing = await lead.rpc('jury_lock_session', { session_id: id });
    expect(missing.error).toMatchObject({
      code: 'P409',
      hint: 'scores_missing',
      message:
        'Notes manquantes : Juré 2 (1 participant). Verrouillez quand même pour passer outre.',
    });
    expect(JSON.parse(missing.error!.details)).toEqual([{ judge_label: 'Juré 2', performers: 1 }]);
    // The lead judge reads who is missing, not their e-mail or account (null in the answer).
    expect((await jurySession(lead, id)).missing).toEqual([
      { judge_label: 'Juré 2', performers: 1, judge_email: null, user_id: null },
    ]);
    expect((await jurySession(second, id)).missing).toBeNull();
  });

  it('locks when every present performer is scored; then refuses any card, replays aside', async () => {
    const { id, s, people } = await setup(['Delta', 'Echo']);
    const card = crypto.randomUUID();
    const args = { session: id, participant: people[0], card, scores: byId(s, 'dance', 7) };
    await submit(lead, args);
    await score(lead, s, people[1], 5);
    await score(second, s, people[0], 6);
    await score(second, s, people[1], 6);
    const locked = await lead.rpc('jury_lock_session', { session_id: id });
    expect(locked.error).toBeNull();
    expect(locked.data).toMatchObject({ id, state: 'locked' });
    const late = await submit(second, {
      session: id,
      participant: people[0],
      revision: 2,
      scores: byId(s, 'dance', 10),
    });
    expect(late.error).toMatchObject({
      code: 'P409',
      hint: 'session_locked',
      message: 'Session verrouillée : la note n’a pas été enregistrée.',
    });
    // The phone that lost the answer to a stored card hears "stored" again: nothing changes.
    expect((await submit(lead, args)).data).toMatchObject({ stored: true, card: { id: card } });
    const [{ max }] = await backend.sql<{ max: number }>(
      'select max(revision) as max from audition_scorecards where session_id = $1',
      [id],
    );
    expect(max).toBe(1);
    expect((await journal('jury.lock')).at(-1)!.summary).toMatch(
      /^Session d’audition verrouillée : Douala le/,
    );
  });

  it('forces a lock with the missing judge journaled; only an admin unlocks, with a reason', async () => {
    const { id, s, people } = await setup(['Foxtrot']);
    await score(lead, s, people[0], 5);
    expect((await lead.rpc('jury_lock_session', { session_id: id, force: true })).error).toBeNull();
    expect((await journal('jury.lock')).at(-1)!.summary).toMatch(
      /\(forcée ; notes manquantes : Juré 2, 1 participant\)$/,
    );
    expect(
      (await lead.rpc('admin_unlock_session', { session_id: id, reason: 'Erreur' })).error,
    ).toMatchObject({
      code: '42501',
    });
    const noReason = await admin.rpc('admin_unlock_session', { session_id: id, reason: ' ' });
    expect(noReason.error).toMatchObject({ code: '22023', details: 'reason' });
    const unlocked = await admin.rpc('admin_unlock_session', {
      session_id: id,
      reason: 'Juré 2 a noté sur papier',
    });
    expect(unlocked.data).toMatchObject({ state: 'open', locked_at: null });
    expect((await journal('jury.unlock')).at(-1)!.after).toMatchObject({
      reason: 'Juré 2 a noté sur papier',
    });
    expect((await score(second, s, people[0], 4)).stored).toBe(true);
    const edit = await admin.rpc('admin_save_audition_session', {
      payload: {
        id,
        city: 'Douala',
        held_on: nextDay(),
        category: 'dance',
        venue: 'Akwa',
        judges: [ids.lead, ids.second],
        lead: ids.lead,
      },
    });
    expect(edit.error).toMatchObject({ code: 'P409', hint: 'session_scored' });
  });
});

const lock = async (id: string) => {
  const { error } = await admin.rpc('jury_lock_session', { session_id: id });
  expect(error).toBeNull();
};

describe('preselection', () => {
  // Only from locked and complete sessions (docs/decisions/040-ranking-floor-and-complete-first.md,
  // jury-ranking-floor.test.ts): the lock tests' sessions are removed.
  beforeAll(async () => {
    await backend.sql('delete from audition_scorecards; delete from audition_sessions');
  });

  it('gives the top N across cities their status through the pipeline, journaled', async () => {
    const douala = await setup(['Haut 1', 'Haut 2', 'Bas 1']);
    const limbe = await setup(['Haut 3', 'Bas 2'], 'Limbe');
    for (const [sess, values] of [
      [douala, [9, 8, 2]],
      [limbe, [7, 1]],
    ] as const) {
      for (const [i, p] of sess.people.entries()) {
        await score(lead, sess.s, p, values[i]);
        await score(second, sess.s, p, values[i]);
      }
      await lock(sess.id);
    }
    // Convoqué → présélectionné moves back: both ticked.
    const { data, error } = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'preselectionne',
      session_id: douala.id,
      move_back: [douala.people[0], douala.people[1]],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ids: [douala.people[0], douala.people[1]], updated: 2, kept: [] });
    const statuses = await backend.sql<{ full_name: string; status: string }>(
      'select full_name, status from participants where id = any ($1::uuid[]) order by full_name',
      [douala.people],
    );
    expect(statuses.map((r) => r.status)).toEqual(['convoque', 'preselectionne', 'preselectionne']);
    expect((await journal('jury.preselect')).at(-1)!.summary).toMatch(
      /^Les 2 premiers en danse \(Douala le .+\) : statut « présélectionné »$/,
    );
    expect((await journal('participant.status')).at(-1)!.summary).toBe(
      'Statut « présélectionné » pour 2 participants',
    );
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from participant_status_history
        where participant_id = any ($1::uuid[]) and to_status = 'preselectionne'`,
      [douala.people],
    );
    expect(n).toBe(2);
    // Across cities, on normalised scores: Limbe's 7 (z +1 there) passes Douala's 9
    // (z (9 − 19/3) / 3.091 = +0.863): the two sessions are normalised alike.
    const across = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'finaliste',
    });
    expect(across.data).toMatchObject({ ids: [limbe.people[0], douala.people[0]], updated: 2 });
    expect((await journal('jury.preselect')).at(-1)!.summary).toMatch(
      /^Les 2 premiers en danse \(toutes villes\) : statut « finaliste »$/,
    );
  });

  it('refuses a cut through a tie, and never picks an absent performer', async () => {
    const { s, people, id } = await setup(['Ex 1', 'Ex 2', 'Ex 3']);
    await score(lead, s, people[0], 8);
    await score(second, s, people[0], 8);
    for (const p of people.slice(1)) {
      await score(lead, s, p, 5);
      await score(second, s, p, 5);
    }
    await lock(id);
    const tie = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 2,
      status: 'finaliste',
      session_id: id,
    });
    expect(tie.error).toMatchObject({ code: 'P409', hint: 'ranking_tie' });
    const other = await setup(['Seul']);
    await submit(lead, { session: other.id, participant: other.people[0], absent: true });
    await submit(second, { session: other.id, participant: other.people[0], absent: true });
    await lock(other.id);
    const none = await admin.rpc('admin_preselect_top', {
      category: 'dance',
      n: 1,
      status: 'finaliste',
      session_id: other.id,
    });
    expect(none.error).toMatchObject({ code: 'P409', hint: 'nothing_ranked' });
  });
});
