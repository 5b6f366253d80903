import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { submit, byId } from './support/jury';
import { card, clearFinal, closedRound, finalSession, jurySession, mark } from './support/final';

/**
 * The final's rules and publication (issue 41, docs/decisions/047-the-final.md): rules frozen
 * once published (a change needs a second admin, journaled, « modifié le » public), a final's
 * card locked 5 minutes after it is stored and unlocked by the lead judge with a reason
 * (journaled, listed with the results), one snapshot from parallel publications, what anonymous
 * visitors read before and after.
 */
const backend = testBackend();
let admin: SupabaseClient;
let second: SupabaseClient;
let anon: SupabaseClient;
const judges: SupabaseClient[] = [];
const ids: string[] = [];

beforeAll(async () => {
  await backend.createUser('fp-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('fp-admin@example.cm', 'admin-password-123');
  await backend.createUser('fp-admin2@example.cm', 'admin-password-123', { admin: true });
  second = await backend.signedInClient('fp-admin2@example.cm', 'admin-password-123');
  anon = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
  for (const n of [1, 2]) {
    ids.push(
      await backend.createUser(`fp-j${n}@example.cm`, 'jury-password-123', { role: 'jury' }),
    );
    judges.push(await backend.signedInClient(`fp-j${n}@example.cm`, 'jury-password-123'));
  }
});

beforeEach(() => clearFinal(backend));

const JURY_ONLY = {
  jury_share: 100,
  public_share: 0,
  tiebreak: ['jury', 'head_judge'],
  vote_round_ids: [],
  results_expected_at: '2028-06-30T22:00:00+01:00',
};
const rulesRow = async () =>
  (
    await backend.sql<{ jury_share: number; public_share: number; modified_at: Date | null }>(
      `select jury_share, public_share, modified_at from final_rules where category = 'dance'`,
    )
  )[0];

describe('the rules', () => {
  it('refuse shares that do not make 100 with a French message, storing nothing', async () => {
    const { error } = await admin.rpc('admin_save_final_rules', {
      category: 'dance',
      rules: { ...JURY_ONLY, public_share: 10 },
    });
    expect(error).toMatchObject({
      code: '22023',
      message: 'Les parts du jury et du public doivent faire 100 (elles font 110).',
    });
    expect(await rulesRow()).toMatchObject({ jury_share: 100, public_share: 0 });
  });

  it('are frozen once published: a change waits for a second admin, then shows « modifié le »', async () => {
    const round = await closedRound(backend, [], []);
    expect(
      (await admin.rpc('admin_save_final_rules', { category: 'dance', rules: JURY_ONLY })).error,
    ).toBeNull();
    expect((await admin.rpc('admin_publish_final_rules', { category: 'dance' })).error).toBeNull();
    const before = await anon.rpc('final_rules_public');
    expect(before.data).toEqual([
      expect.objectContaining({ category: 'dance', jury_share: 100, modified_at: null }),
    ]);
    const proposed = await admin.rpc('admin_save_final_rules', {
      category: 'dance',
      rules: { ...JURY_ONLY, jury_share: 70, public_share: 30, vote_round_ids: [round] },
    });
    expect(proposed.status).toBe(202);
    expect(await rulesRow()).toMatchObject({ jury_share: 100, public_share: 0, modified_at: null });
    const changeId = proposed.data.pending.id as string;
    const self = await admin.rpc('admin_approve_final_rules', { change_id: changeId });
    expect(self.error).toMatchObject({ code: 'P403', hint: 'same_admin' });
    expect(await rulesRow()).toMatchObject({ jury_share: 100, modified_at: null });
    // The database itself refuses one account approving its own change.
    await expect(
      backend.sql(`update final_rule_changes set approved_by = proposed_by, approved_at = now()`),
    ).rejects.toThrow(/final_rule_changes_second_admin_check/);
    const approved = await second.rpc('admin_approve_final_rules', { change_id: changeId });
    expect(approved.error).toBeNull();
    const row = await rulesRow();
    expect(row).toMatchObject({ jury_share: 70, public_share: 30 });
    expect(row.modified_at).not.toBeNull();
    const after = await anon.rpc('final_rules_public');
    expect(after.data[0]).toMatchObject({ jury_share: 70, public_share: 30 });
    expect(after.data[0].modified_at).not.toBeNull();
    const journal = await backend.sql<{ action: string; actor_email: string }>(
      `select action, actor_email from audit_log where action like 'final.rules%' order by id`,
    );
    expect(journal).toEqual([
      { action: 'final.rules', actor_email: 'fp-admin@example.cm' },
      { action: 'final.rules_publish', actor_email: 'fp-admin@example.cm' },
      { action: 'final.rules_propose', actor_email: 'fp-admin@example.cm' },
      { action: 'final.rules_approve', actor_email: 'fp-admin2@example.cm' },
    ]);
  });
});

describe('a final’s card', () => {
  it('is locked 5 minutes after it is stored; the lead judge unlocks it with a reason, journaled', async () => {
    const { id, people } = await finalSession(backend, admin, ['Solo P', 'Solo Q'], ids);
    const s = await jurySession(judges[1], id);
    const stored = await mark(judges[1], s, people[0], card(7, 7, 7, 7));
    const args = { session: id, participant: people[0], card: stored.card.id };
    const early = await submit(judges[1], { ...args, revision: 2, scores: byId(s, 'dance', 8) });
    expect(early.data).toMatchObject({ stored: true });
    await backend.sql(`update audition_scorecards set locks_at = now() - interval '1 second'`);
    const late = await submit(judges[1], { ...args, revision: 3, scores: byId(s, 'dance', 9) });
    expect(late.error).toMatchObject({ code: 'P409', hint: 'card_locked' });
    const byJudge = await judges[1].rpc('jury_unlock_card', {
      card_id: stored.card.id,
      reason: 'Erreur',
    });
    expect(byJudge.error).toMatchObject({ code: '42501' });
    const noReason = await judges[0].rpc('jury_unlock_card', {
      card_id: stored.card.id,
      reason: '',
    });
    expect(noReason.error).toMatchObject({ code: '22023' });
    const unlocked = await judges[0].rpc('jury_unlock_card', {
      card_id: stored.card.id,
      reason: 'Note de présence mal saisie',
    });
    expect(unlocked.error).toBeNull();
    expect(unlocked.data).toMatchObject({ judge: 'Juré 2' });
    const again = await submit(judges[1], { ...args, revision: 3, scores: byId(s, 'dance', 9) });
    expect(again.data).toMatchObject({ stored: true });
    const journal = await backend.sql<{ summary: string; after: { reason: string } }>(
      `select summary, after from audit_log where action = 'jury.card_unlock'`,
    );
    expect(journal).toEqual([
      expect.objectContaining({
        after: expect.objectContaining({ reason: 'Note de présence mal saisie' }),
      }),
    ]);
    expect(journal[0].summary).toContain('Juré 2 pour Solo P');
    const { data } = await admin.rpc('final_results', { category: 'dance' });
    expect(data.card_unlocks).toEqual([
      expect.objectContaining({
        judge: 'Juré 2',
        name: 'Solo P',
        reason: 'Note de présence mal saisie',
      }),
    ]);
  });
  it('is listed without its marks to the lead judge and admins (to unlock it), to no other judge', async () => {
    const { id, people } = await finalSession(backend, admin, ['Solo P', 'Solo Q'], ids);
    const s = await jurySession(judges[1], id);
    const stored = await mark(judges[1], s, people[0], card(7, 7, 7, 7));
    const lead = await judges[0].rpc('jury_session', { session_id: id });
    expect(lead.data.cards_to_unlock).toEqual([
      {
        card_id: stored.card.id,
        judge: 'Juré 2',
        participant_id: people[0],
        locks_at: expect.any(String),
      },
    ]);
    const byAdmin = await admin.rpc('jury_session', { session_id: id });
    expect(byAdmin.data.cards_to_unlock).toHaveLength(1);
    const other = await judges[1].rpc('jury_session', { session_id: id });
    expect(other.data.cards_to_unlock).toBeNull();
  });
});

describe('publication', () => {
  async function readyFinal() {
    const { id, people } = await finalSession(backend, admin, ['Solo P', 'Solo Q'], ids);
    const s = await jurySession(judges[0], id);
    for (const j of judges) {
      await mark(j, s, people[0], card(8, 8, 8, 8));
      await mark(j, s, people[1], card(6, 6, 6, 6));
    }
    await admin.rpc('admin_save_final_rules', { category: 'dance', rules: JURY_ONLY });
    return id;
  }

  it('is refused before the rules are published and while the final is open', async () => {
    const id = await readyFinal();
    const early = await admin.rpc('admin_publish_final_results', { category: 'dance' });
    expect(early.error).toMatchObject({ code: 'P409', hint: 'rules_unpublished' });
    await admin.rpc('admin_publish_final_rules', { category: 'dance' });
    const open = await admin.rpc('admin_publish_final_results', { category: 'dance' });
    expect(open.error).toMatchObject({ code: 'P409', hint: 'session_open' });
    expect(await backend.sql('select 1 from final_result_snapshots')).toHaveLength(0);
    await admin.rpc('jury_lock_session', { session_id: id });
    expect(
      (await admin.rpc('admin_publish_final_results', { category: 'dance' })).error,
    ).toBeNull();
  });

  it('stores one snapshot from 8 parallel attempts; anonymous visitors read it only once published', async () => {
    const id = await readyFinal();
    await admin.rpc('admin_publish_final_rules', { category: 'dance' });
    await admin.rpc('jury_lock_session', { session_id: id });
    const before = await anon.rpc('final_results_public');
    expect(before.data.find((c: { category: string }) => c.category === 'dance')).toMatchObject({
      results_expected_at: '2028-06-30T21:00:00+00:00',
      published_at: null,
      finalists: null,
    });
    expect(JSON.stringify(before.data)).not.toContain('Solo P');
    expect(before.data[0].criteria).toBeNull();
    const computed = (await admin.rpc('final_results', { category: 'dance' })).data;
    const [{ now: startedAt }] = await backend.sql<{ now: Date }>('select now()');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? second : admin).rpc('admin_publish_final_results', { category: 'dance' }),
      ),
    );
    expect(attempts.filter((a) => a.error === null)).toHaveLength(1);
    expect(attempts.filter((a) => a.error?.hint === 'already_published')).toHaveLength(7);
    const rows = await backend.sql<{ inputs_digest: string; signature: string }>(
      'select inputs_digest, signature from final_result_snapshots',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].inputs_digest).toBe(computed.inputs_digest);
    const after = await anon.rpc('final_results_public');
    const dance = after.data.find((c: { category: string }) => c.category === 'dance');
    expect(dance).toMatchObject({
      inputs_digest: computed.inputs_digest,
      signature: rows[0].signature,
    });
    expect(dance.finalists.map((f: { name: string; rank: number }) => [f.name, f.rank])).toEqual([
      ['Solo P', 1],
      ['Solo Q', 2],
    ]);
    expect(dance.judges).toEqual([
      { label: 'Juré 1', is_lead: true },
      { label: 'Juré 2', is_lead: false },
    ]);
    expect(JSON.stringify(after.data)).not.toMatch(/participant_id|session_id|"far"/);
    // The criteria's names for the judges' marks, which the snapshot keeps by key.
    expect(dance.criteria).toEqual([
      { key: 'technique', label: 'Technique' },
      { key: 'creativite', label: 'Créativité' },
      { key: 'presence-scenique', label: 'Présence scénique' },
      { key: 'musicalite', label: 'Musicalité' },
    ]);
    const journal = await backend.sql('select 1 from audit_log where action = $1 and at >= $2', [
      'final.results_publish',
      startedAt,
    ]);
    expect(journal).toHaveLength(1);
  });
});
