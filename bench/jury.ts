/**
 * The auditions' jury of `npm run bench` (alone: `npm run bench:jury`, or `npx tsx bench/jury.ts`):
 * five cities × three judges × PERFORMERS performers scored, then the results page's queries
 * timed through the HTTP layer. docs/decisions/031-jury-scorecards.md.
 *
 * 1. In SQL: PERFORMERS participants per city convoked on one day (phones 64xxxxxxx), three
 *    judges per city (role jury) and an admin, one session per city (both categories) with the
 *    settings' criteria, then every judge's card for every performer (one in twenty absent, the
 *    others 0 to 10 in half points on each criterion). Each judge scores around their own mean,
 *    so the normalisation has work to do.
 * 2. A few cards sent over HTTP by the judges (rpc/jury_submit_scorecard, a new revision), to
 *    time a card's round trip at that scale.
 * 3. The results page's queries, as the admin, RUNS times each after a warm-up:
 *    rpc/audition_results for each session, rpc/audition_ranking for each category,
 *    rpc/admin_audition_sessions. p50 / p95 / max each.
 *
 * Fails when a query's p95 is 200 ms or more, when a session's results do not hold its
 * performers, or when a card sent over HTTP is not stored.
 * Environment: BENCH_JURY_PERFORMERS (400), BENCH_JURY_RUNS (20), BENCH_POOL_SIZE (20, alone).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ANON_KEY } from '../supabase/local/constants.ts';
import type { LocalDatabase } from '../supabase/local/database.ts';
import type { RunningServer } from '../supabase/local/server.ts';
import { percentile } from './support/median.ts';
import { CARDS, FILL, SESSIONS, STAFF } from './support/jury-fill.ts';

const PERFORMERS = Number(process.env.BENCH_JURY_PERFORMERS ?? 400);
const RUNS = Number(process.env.BENCH_JURY_RUNS ?? 20);
const CITIES = ['Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'];
const PASSWORD = 'bench-jury-2025';
/** The results page must answer within this (issue 30). */
const TARGET_MS = 200;

type JuryLine = { name: string; n: number; p50: number; p95: number; max: number };
export type JuryBench = { lines: JuryLine[]; cards: number; scores: number; failures: string[] };

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`${email} could not sign in: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rpc(url: string, token: string, name: string, body: unknown) {
  const started = performance.now();
  const res = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${text}`);
  return { ms, json: JSON.parse(text) as unknown };
}

const line = (name: string, times: number[]): JuryLine => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1],
  };
};

/** Fill, send a few cards, time the results page's queries; print as it goes. */
export async function juryBench(options: {
  db: LocalDatabase;
  server: RunningServer;
  out: (text?: string) => void;
}): Promise<JuryBench> {
  const { db, server, out } = options;
  const failures: string[] = [];
  out(
    `\nJury: ${CITIES.length} cities × 3 judges × ${PERFORMERS} performers scored, the results ` +
      'page’s queries over HTTP',
  );
  const t0 = performance.now();
  await db.admin.query(FILL, [CITIES, PERFORMERS]);
  const judges = CITIES.flatMap((city) =>
    [1, 2, 3].map((n) => `juge-bench-${city}-${n}@example.cm`),
  );
  await db.admin.query(STAFF, [PASSWORD, ['admin-jury-bench@example.cm', ...judges]]);
  await db.admin.query(SESSIONS, [CITIES]);
  for (const { id } of (
    await db.admin.query<{ id: string }>('select id from public.audition_sessions')
  ).rows)
    await db.admin.query(`select private.audition_copy_criteria($1::uuid, 'both')`, [id]);
  await db.admin.query(CARDS);
  await db.admin.query('analyze');
  const [{ cards, scores }] = (
    await db.admin.query<{ cards: number; scores: number }>(
      `select (select count(*)::int from public.audition_scorecards) cards,
              (select count(*)::int from public.audition_scores) scores`,
    )
  ).rows;
  out(
    `  filled in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${cards} cards, ${scores} scores`,
  );

  const url = server.url;
  const admin = await signIn(url, 'admin-jury-bench@example.cm');
  const { rows: sessions } = await db.admin.query<{ id: string; city: string }>(
    'select id::text, city from public.audition_sessions order by city',
  );

  // A few cards over HTTP: each Douala judge sends 20 new revisions, the three at once.
  const douala = sessions.find((s) => s.city === 'Douala')!;
  const submits: number[] = [];
  await Promise.all(
    [1, 2, 3].map(async (n) => {
      const token = await signIn(url, `juge-bench-Douala-${n}@example.cm`);
      const { json } = await rpc(url, token, 'jury_session', { session_id: douala.id });
      const s = json as {
        criteria: Record<string, { id: string }[]>;
        performers: { id: string; category: string }[];
        my_cards: { id: string; participant_id: string; revision: number }[];
      };
      for (const card of s.my_cards.slice(0, 20)) {
        const category = s.performers.find((p) => p.id === card.participant_id)!.category;
        const values = Object.fromEntries(s.criteria[category].map((c) => [c.id, 7.5]));
        const answer = await rpc(url, token, 'jury_submit_scorecard', {
          session_id: douala.id,
          participant_id: card.participant_id,
          card_id: card.id,
          revision: card.revision + 1,
          absent: false,
          comment: 'Bench',
          scores: values,
        });
        submits.push(answer.ms);
        if ((answer.json as { stored?: boolean }).stored !== true)
          failures.push(`a card sent over HTTP was not stored (${card.id})`);
      }
    }),
  );

  const timed: Record<string, number[]> = {
    audition_results: [],
    audition_ranking: [],
    admin_audition_sessions: [],
  };
  for (let run = 0; run <= RUNS; run++) {
    for (const s of sessions) {
      const { ms, json } = await rpc(url, admin, 'audition_results', { session_id: s.id });
      if (run === 0) {
        const rows = (json as { categories: { rows: unknown[] }[] }).categories.flatMap(
          (c) => c.rows,
        );
        if (rows.length !== PERFORMERS)
          failures.push(`${s.city}: ${rows.length} rows in the results, ${PERFORMERS} expected`);
      } else timed.audition_results.push(ms);
    }
    for (const category of ['dance', 'singing']) {
      const { ms } = await rpc(url, admin, 'audition_ranking', { category });
      if (run > 0) timed.audition_ranking.push(ms);
    }
    const { ms } = await rpc(url, admin, 'admin_audition_sessions', {});
    if (run > 0) timed.admin_audition_sessions.push(ms);
  }
  // The same results in the database alone (no HTTP), as the admin: what the query costs.
  const [{ id: adminId }] = (
    await db.admin.query<{ id: string }>(
      `select id::text from auth.users where email = 'admin-jury-bench@example.cm'`,
    )
  ).rows;
  const inDb: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const s of sessions) {
      const started = performance.now();
      await db.admin.query(
        `select set_config('request.jwt.claims', $1, false),
                length(to_jsonb(public.audition_results($2::uuid))::text)`,
        [
          JSON.stringify({
            sub: adminId,
            role: 'authenticated',
            amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
          }),
          s.id,
        ],
      );
      inDb.push(performance.now() - started);
    }
  }
  await db.admin.query(`select set_config('request.jwt.claims', '', false)`);
  const lines = [
    ...Object.entries(timed).map(([name, times]) => line(name, times)),
    line('audition_results (no HTTP)', inDb),
    line('jury_submit_scorecard', submits),
  ];
  for (const l of lines) {
    out(
      `  ${l.name.padEnd(26)} ${String(l.n).padStart(4)} calls: p50 ${l.p50.toFixed(1)} ms, ` +
        `p95 ${l.p95.toFixed(1)} ms, max ${l.max.toFixed(1)} ms`,
    );
    if (l.name in timed && !(l.p95 < TARGET_MS))
      failures.push(`${l.name}: p95 ${l.p95.toFixed(1)} ms, over ${TARGET_MS} ms`);
  }
  for (const f of failures) out(`  !! ${f}`);
  return { lines, cards, scores, failures };
}

/** The summary lines of `npm run bench`. */
export function printJurySummary(bench: JuryBench, out: (text?: string) => void): void {
  out(
    `\nJury (${bench.cards} cards, ${bench.scores} scores; results page target p95 < ${TARGET_MS} ms):`,
  );
  for (const l of bench.lines)
    out(`  ${l.name.padEnd(26)} p50 ${l.p50.toFixed(1)} ms  p95 ${l.p95.toFixed(1)} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Alone: a throw-away database (migrations, no seed) and an API on a free port.
  const { openLocalDatabase } = await import('../supabase/local/database.ts');
  const { startServer } = await import('../supabase/local/server.ts');
  const out = (text = '') => process.stdout.write(`${text}\n`);
  const db = await openLocalDatabase({ poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
  const server = await startServer({ db, host: '127.0.0.1', port: 0 });
  let failed = false;
  try {
    const bench = await juryBench({ db, server, out });
    printJurySummary(bench, out);
    failed = bench.failures.length > 0;
  } finally {
    await server.close();
    await db.close();
  }
  process.exit(failed ? 1 : 0);
}
