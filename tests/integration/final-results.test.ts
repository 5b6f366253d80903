import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { NO_REFUSAL } from './support/answers';
import { submit } from './support/jury';
import {
  card,
  clearFinal,
  closedRound,
  finalSession,
  jurySession,
  mark,
  results,
  type Finalist,
} from './support/final';

/**
 * The final's results computed by the database (issue 41, docs/decisions/047-the-final.md): the
 * worked example of the ADR (jury 70 / public 30, two finalists tied after the jury and the
 * public, broken by the technique criterion), the far-off judge, a recusal, idempotence.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
const judges: SupabaseClient[] = [];
const ids: string[] = [];

beforeAll(async () => {
  await backend.createUser('fr-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('fr-admin@example.cm', 'admin-password-123');
  await backend.createUser('fr-lecteur@example.cm', 'reader-password-123', { role: 'lecteur' });
  reader = await backend.signedInClient('fr-lecteur@example.cm', 'reader-password-123');
  for (const n of [1, 2, 3]) {
    ids.push(
      await backend.createUser(`fr-j${n}@example.cm`, 'jury-password-123', { role: 'jury' }),
    );
    judges.push(await backend.signedInClient(`fr-j${n}@example.cm`, 'jury-password-123'));
  }
});

beforeEach(() => clearFinal(backend));

/** The ADR's marks: A and B the same totals (6.6) from every judge; C 5, 5 and 9. */
const X = card(8, 6, 6, 6); // 2.4 + 1.5 + 1.5 + 1.2 = 6.6
const Y = card(6, 7, 7, 6.5); // 1.8 + 1.75 + 1.75 + 1.3 = 6.6

async function workedExample({ recuse = false } = {}) {
  const { id, people } = await finalSession(backend, admin, ['Duo A', 'Duo B', 'Duo C'], ids);
  const [a, b, c] = people;
  const round = await closedRound(backend, people, [30, 30, 40]);
  const saved = await admin.rpc('admin_save_final_rules', {
    category: 'dance',
    rules: {
      jury_share: 70,
      public_share: 30,
      tiebreak: ['jury', 'criterion', 'head_judge'],
      tiebreak_criterion: 'technique',
      vote_round_ids: [round],
    },
  });
  expect(saved.error).toBeNull();
  const s = await jurySession(judges[0], id);
  for (const j of [0, 1]) {
    await mark(judges[j], s, a, X);
    await mark(judges[j], s, b, Y);
    await mark(judges[j], s, c, card(5, 5, 5, 5));
  }
  if (recuse) {
    const declared = await judges[2].rpc('jury_declare_conflict', {
      session_id: id,
      participant_id: c,
      reason: 'Cousin du danseur',
    });
    expect(declared.data).toEqual({ ...NO_REFUSAL, participant_id: c, declared: true });
  }
  await mark(judges[2], s, a, X);
  await mark(judges[2], s, b, Y);
  if (!recuse) await mark(judges[2], s, c, card(9, 9, 9, 9));
  return { id, people, round, s };
}

const pick = (f: Finalist) => [
  f.name,
  f.rank,
  Number(f.normalised),
  Number(f.jury_points),
  f.votes,
  Number(f.public_percent),
  Number(f.public_points),
  Number(f.combined),
  f.tiebreak,
];

describe('the worked example: jury 70 / public 30', () => {
  it('ranks A before B on technique after a tie on the combined score and the jury', async () => {
    await workedExample();
    const r = await results(admin);
    // Juré 1 and 2: totals 6.6 / 6.6 / 5, sd 0.754 floored to 1 → z +0.533, +0.533, −1.067.
    // Juré 3: 6.6 / 6.6 / 9, sd 1.131 → z −0.707, −0.707, +1.414. Means: 0.120, 0.120, −0.240.
    // Jury points (min 0, max 100): 100, 100, 0. Votes 30 / 30 / 40 → public points 0, 0, 100.
    // Combined 0.7 × 100 + 0.3 × 0 = 70 for A and B, 0.3 × 100 = 30 for C.
    expect(r.finalists.map(pick)).toEqual([
      ['Duo A', 1, 0.12, 100, 30, 30, 0, 70, 'criterion'],
      ['Duo B', 2, 0.12, 100, 30, 30, 0, 70, 'criterion'],
      ['Duo C', 3, -0.24, 0, 40, 40, 100, 30, null],
    ]);
    expect(r.finalists.map((f) => [Number(f.criterion_mean), Number(f.raw)])).toEqual([
      [8, 6.6],
      [6, 6.6],
      [6.33, 6.33],
    ]);
  });

  it('flags the judge far from the panel (Juré 3) and no other', async () => {
    await workedExample();
    const r = await results(admin);
    // Juré 3: |−0.707 − 0.533| twice and |1.414 − (−1.067)| → mean 1.654 > 1.
    // Juré 1 (and 2): |0.533 − (−0.087)| twice and |−1.067 − 0.174| → mean 0.827.
    expect(r.judges.map((j) => [j.label, Number(j.deviation), j.far])).toEqual([
      ['Juré 1', 0.827, false],
      ['Juré 2', 0.827, false],
      ['Juré 3', 1.654, true],
    ]);
  });

  it('computes the same answer and digest twice, and another digest when a mark changes', async () => {
    const { s, people } = await workedExample();
    const first = await results(admin);
    expect(await results(admin)).toEqual(first);
    expect(first.inputs_digest).toMatch(/^[0-9a-f]{64}$/);
    const changed = await submit(judges[1], {
      session: s.id,
      participant: people[2],
      revision: 2,
      scores: {},
    });
    expect(changed.error).not.toBeNull(); // an empty card is refused: nothing changed
    expect((await results(admin)).inputs_digest).toBe(first.inputs_digest);
    await backend.sql(`update audition_scores set value = 4.5 where value = 5 and judge_id = $1`, [
      ids[1],
    ]);
    expect((await results(admin)).inputs_digest).not.toBe(first.inputs_digest);
  });
});

describe('a recusal', () => {
  it('leaves the recused judge out: C averaged over the two others, shown as such', async () => {
    const { id, people } = await workedExample({ recuse: true });
    const refused = await submit(judges[2], {
      session: id,
      participant: people[2],
      scores: {},
    });
    expect(refused.error).toMatchObject({ code: 'P409', hint: 'conflict_declared' });
    const r = await results(admin);
    const c = r.finalists.find((f) => f.name === 'Duo C')!;
    // Juré 3 scored A and B only: 6.6, 6.6 → z 0, 0; C: the mean of Juré 1 and 2's −1.067.
    expect([c.judges_count, c.recused, c.scored, c.incomplete, Number(c.normalised)]).toEqual([
      3,
      1,
      2,
      false,
      -1.067,
    ]);
    expect(c.judges.map((j) => [j.label, j.recused, j.total])).toEqual([
      ['Juré 1', false, 5],
      ['Juré 2', false, 5],
      ['Juré 3', true, null],
    ]);
    const journal = await backend.sql<{ summary: string }>(
      `select summary from audit_log where action = 'jury.conflict'`,
    );
    expect(journal.map((j) => j.summary)).toEqual([
      expect.stringContaining('Juré 3 ne note pas Duo C'),
    ]);
  });

  it('is refused once the judge has scored that performer', async () => {
    const { id, people } = await workedExample();
    const late = await judges[2].rpc('jury_declare_conflict', {
      session_id: id,
      participant_id: people[2],
      reason: '',
    });
    expect(late.error).toMatchObject({ code: 'P409', hint: 'already_scored' });
    expect(await backend.sql('select 1 from jury_conflicts')).toHaveLength(0);
  });
});

describe('who reads the results', () => {
  it('a reader once the final is locked; a judge never', async () => {
    const { id } = await workedExample();
    const early = await reader.rpc('final_results', { category: 'dance' });
    expect(early.error).toMatchObject({ code: 'P409', hint: 'session_open' });
    expect(JSON.stringify(early)).not.toContain('Duo A');
    await admin.rpc('jury_lock_session', { session_id: id });
    expect((await results(reader)).finalists).toHaveLength(3);
    const judge = await judges[0].rpc('final_results', { category: 'dance' });
    expect(judge.error).toMatchObject({ code: '42501' });
  });
});
