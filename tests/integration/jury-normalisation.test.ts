import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import {
  jurySession,
  performers,
  saveSession,
  score,
  submit,
  type JurySession,
} from './support/jury';

/**
 * The normalisation and the ranking of audition_results (docs/decisions/031-jury-scorecards.md)
 * on an example computed by hand. Every card below gives the same value to every criterion, so
 * its weighted total is that value ((v·30 + v·25 + v·25 + v·20) / 100 = v); the weighting itself
 * is checked on its own card at the end.
 *
 * Dance, four performers A, B, C, D and three judges:
 *
 *              A    B    C    D   mean  population sd
 *   J1 severe  3    4    2    3    3    √((0+1+1+0)/4) = √0.5 = 0.70711
 *   J2 generous 10  7    8    7    8    √((4+1+0+1)/4) = √1.5 = 1.22474
 *   J3 middle  6    7    5    6    6    √((0+1+1+0)/4) = √0.5 = 0.70711
 *
 *   z = (total − judge's mean) / max(judge's sd, 1): a spread under one point counts as one
 *   point (docs/decisions/040-ranking-floor-and-complete-first.md):
 *   J1: A 0, B +1, C −1, D 0 (sd 0.70711 floored to 1)
 *   J2: A +2/1.22474 = +1.63299, B −0.81650, C 0, D −0.81650
 *   J3: A 0, B +1, C −1, D 0 (sd floored to 1)
 *
 *   raw (mean of totals): A 19/3 = 6.33, B 18/3 = 6.00, C 15/3 = 5.00, D 16/3 = 5.33
 *     -> raw ranking A 1, B 2, D 3, C 4
 *   normalised (mean of z): A 1.63299/3 = 0.544, B (1·2 − 0.81650)/3 = 0.395,
 *     C −2/3 = −0.667, D −0.81650/3 = −0.272
 *     -> normalised ranking A 1, B 2, D 3, C 4. Without the floor, B (0.671) passed A: two
 *        judges whose marks span two points outweighed the generous judge's two-point gap.
 *
 * E is marked absent by every judge (shown, never ranked, in no mean); F was never scored
 * (shown, not ranked).
 *
 * Singing, ties: P, Q, R, S scored (5, 7, 7, 9) by J1, (6, 8, 8, 10) by J2, (4, 6, 6, 8) by J3:
 * each judge's z is (−√2, 0, 0, +√2) (mean 7, 8, 6; sd √2), so normalised S 1.414, Q 0, R 0,
 * P −1.414 and raw S 9, Q 7, R 7, P 5: ranks 1, 2, 2, 4 both ways, Q and R tied.
 */
const backend = testBackend();
const DAY = '2026-12-05';
let admin: SupabaseClient;
const judges: SupabaseClient[] = [];
let session: JurySession;
let dance: string[];
let singing: string[];

type Row = {
  participant_id: string;
  name: string;
  absent: boolean;
  raw: number | null;
  normalised: number | null;
  rank_raw: number | null;
  rank_normalised: number | null;
  tied: boolean;
  judges: { label: string; total: number | null; z: number | null; absent: boolean }[];
};
type Results = { categories: { category: string; rows: Row[] }[] };

beforeAll(async () => {
  await backend.createUser('norm-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('norm-admin@example.cm', 'admin-password-123');
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    ids.push(
      await backend.createUser(`juge${n}@example.cm`, 'jury-password-123', { role: 'jury' }),
    );
    judges.push(await backend.signedInClient(`juge${n}@example.cm`, 'jury-password-123'));
  }
  dance = await performers(
    backend,
    ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => `Danseur ${x}`),
    {
      day: DAY,
      category: 'dance',
    },
  );
  singing = await performers(
    backend,
    ['P', 'Q', 'R', 'S'].map((x) => `Chanteur ${x}`),
    {
      day: DAY,
      category: 'singing',
      hour: 14,
    },
  );
  const saved = await saveSession(admin, { held_on: DAY, category: 'both', judges: ids });
  session = await jurySession(judges[0], saved.id);

  const danceTotals = [
    [3, 4, 2, 3],
    [10, 7, 8, 7],
    [6, 7, 5, 6],
  ];
  const singingTotals = [
    [5, 7, 7, 9],
    [6, 8, 8, 10],
    [4, 6, 6, 8],
  ];
  for (const [j, judge] of judges.entries()) {
    for (const [i, v] of danceTotals[j].entries()) await score(judge, session, dance[i], v);
    const absent = await submit(judge, {
      session: session.id,
      participant: dance[4],
      absent: true,
    });
    expect(absent.error).toBeNull();
    for (const [i, v] of singingTotals[j].entries())
      await score(judge, session, singing[i], v, 'singing');
  }
});

const results = async () => {
  const { data, error } = await admin.rpc('audition_results', { session_id: session.id });
  expect(error).toBeNull();
  return data as Results;
};
const rowsOf = async (category: string) => {
  const rows = (await results()).categories.find((c) => c.category === category)?.rows ?? [];
  return new Map(rows.map((r) => [r.name.split(' ')[1], r]));
};

describe('normalised scores, computed by hand', () => {
  it('gives each card its z-score within its judge’s cards', async () => {
    const rows = await rowsOf('dance');
    const z = (p: string) => rows.get(p)!.judges.map((j) => j.z);
    expect(z('A')).toEqual([0, 1.633, 0]);
    expect(z('B')).toEqual([1, -0.816, 1]);
    expect(z('C')).toEqual([-1, 0, -1]);
    expect(z('D')).toEqual([0, -0.816, 0]);
    expect(rows.get('A')!.judges.map((j) => Number(j.total))).toEqual([3, 10, 6]);
  });

  it('averages raw totals and z-scores, and ranks on the normalised ones', async () => {
    const rows = await rowsOf('dance');
    const pick = (p: string) => {
      const r = rows.get(p)!;
      return [Number(r.raw), Number(r.normalised), r.rank_raw, r.rank_normalised, r.tied];
    };
    expect(pick('A')).toEqual([6.33, 0.544, 1, 1, false]);
    expect(pick('B')).toEqual([6, 0.395, 2, 2, false]);
    expect(pick('C')).toEqual([5, -0.667, 4, 4, false]);
    expect(pick('D')).toEqual([5.33, -0.272, 3, 3, false]);
    // The ranked rows come first, in the normalised order.
    expect([...rows.keys()].slice(0, 4)).toEqual(['A', 'B', 'D', 'C']);
  });

  it('shows absences and unscored performers without ranking them', async () => {
    const rows = await rowsOf('dance');
    expect(rows.get('E')).toMatchObject({
      absent: true,
      raw: null,
      normalised: null,
      rank_raw: null,
      rank_normalised: null,
    });
    expect(rows.get('E')!.judges.map((j) => j.absent)).toEqual([true, true, true]);
    expect(rows.get('F')).toMatchObject({ absent: false, raw: null, rank_normalised: null });
    expect(rows.get('F')!.judges.every((j) => j.total === null)).toBe(true);
  });

  it('shares a rank between tied performers: 1, 2, 2, 4', async () => {
    const rows = await rowsOf('singing');
    const pick = (p: string) => {
      const r = rows.get(p)!;
      return [Number(r.normalised), r.rank_normalised, r.rank_raw, r.tied];
    };
    expect(pick('S')).toEqual([1.414, 1, 1, false]);
    expect(pick('Q')).toEqual([0, 2, 2, true]);
    expect(pick('R')).toEqual([0, 2, 2, true]);
    expect(pick('P')).toEqual([-1.414, 4, 4, false]);
  });

  it('ranks the same way across cities (audition_ranking)', async () => {
    const { data, error } = await admin.rpc('audition_ranking', { category: 'dance' });
    expect(error).toBeNull();
    const ranked = (data as { name: string; rank: number | null; normalised: number | null }[])
      .filter((r) => r.name.startsWith('Danseur'))
      .map((r) => [r.name.slice(-1), r.rank, r.normalised === null ? null : Number(r.normalised)]);
    expect(ranked).toEqual([
      ['A', 1, 0.544],
      ['B', 2, 0.395],
      ['D', 3, -0.272],
      ['C', 4, -0.667],
      ['E', null, null],
    ]);
  });

  it('weights each criterion: (8·30 + 4·25 + 6·25 + 6.5·20) / 100 = 6.2', async () => {
    const [g] = await performers(backend, ['Danseur G'], { day: DAY, hour: 12 });
    await score(judges[0], session, g, {
      technique: 8,
      creativite: 4,
      'presence-scenique': 6,
      musicalite: 6.5,
    });
    const rows = await rowsOf('dance');
    expect(Number(rows.get('G')!.judges[0].total)).toBe(6.2);
    expect(Number(rows.get('G')!.raw)).toBe(6.2);
  });
});
