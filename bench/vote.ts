/**
 * The public vote of `npm run bench` (alone: `npm run bench:vote`, or `npx tsx bench/vote.ts`):
 * VOTERS passes validated at the door vote within one minute through the HTTP layer
 * (rpc/cast_vote), all from one client address, a tenth of them changing their vote once, while
 * the stage screen (rpc/vote_screen_state) and the régie (rpc/vote_rounds_list) ask once a
 * second. docs/decisions/030-public-vote.md.
 *
 * 1. VOTERS checked-in reservations (phones 62xxxxxxx) and a régie account are written in SQL; a
 *    round of 12 candidates too, opened by the régie over HTTP (rpc/regie_open_round).
 * 2. Each pass votes at a random instant of the minute (open loop: a vote leaves at its instant
 *    whatever the others are doing); a tenth vote again 2 to 10 s later for another candidate.
 * 3. Checked in SQL: exactly one row per pass, each holding the pass's last vote (lost = passes
 *    whose row is missing or holds another candidate), one receipt per accepted vote.
 * 4. The stage screen's state at VOTERS votes (HTTP and in the database), a pass page's poll
 *    (rpc/vote_state with the round it holds), then the régie's close.
 *
 * Fails when a vote is not accepted, a pass does not hold exactly its last vote, or the receipts
 * are not one per vote. The latency targets (p95 ≤ 150 ms, the screen under 20 ms) are printed
 * against the figures.
 * Environment: BENCH_VOTERS (3000), BENCH_VOTE_SECONDS (60), BENCH_POOL_SIZE (20, alone).
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ANON_KEY } from '../supabase/local/constants.ts';
import type { LocalDatabase } from '../supabase/local/database.ts';
import type { RunningServer } from '../supabase/local/server.ts';
import { percentile } from './support/median.ts';
import { runVotes, type PlannedVote, type VoteOutcome } from './support/vote-client.ts';
import {
  CANDIDATES,
  latency,
  printVoteSummary,
  SECONDS,
  shuffle,
  VOTERS,
  type VoteBench,
} from './support/vote-lines.ts';

const PASSWORD = 'bench-regie-2025';

async function post(url: string, token: string, name: string, body: unknown) {
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
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${text}`);
  return { text, json: JSON.parse(text) as Record<string, unknown> };
}

/** Write the passes, the régie and the round, vote, check in SQL; print as it goes. */
export async function voteBench(options: {
  db: LocalDatabase;
  server: RunningServer;
  out: (text?: string) => void;
}): Promise<VoteBench> {
  const { db, server, out } = options;
  const failures: string[] = [];
  out(
    `\nPublic vote: ${VOTERS.toLocaleString('en')} validated passes voting within ${SECONDS} s, ` +
      'a tenth changing once (rpc/cast_vote, one client address)',
  );
  // The night: the door window is open, so the pass pages poll.
  await db.admin.query(
    `update public.edition_settings
        set capacity = greatest(capacity, 100000), overbooking_percent = 0,
            concert_starts_at = now() + interval '1 hour', doors_open_at = now() - interval '1 hour',
            reservations_open_at = least(reservations_open_at, now() - interval '1 day'),
            updated_at = now()`,
  );
  const { rows: passes } = await db.admin.query<{ id: string; pass_code: string }>(
    `insert into public.reservations (full_name, phone, ville, heard_from, checked_in_at,
       checked_in_door)
     select 'Votant ' || g || ' Bench', '62' || lpad(g::text, 7, '0'), 'Douala', 'social', now(),
            'Porte ' || (1 + g % 20)
       from generate_series(1, $1::int) g
     returning id::text, pass_code`,
    [VOTERS],
  );
  await db.admin.query(
    `with u as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'regie-bench@example.cm',
               extensions.crypt($1, extensions.gen_salt('bf', 4)), now())
       returning id, email),
     i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider)
       select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email' from u)
     insert into private.admins (user_id, role) select id, 'regie' from u`,
    [PASSWORD],
  );
  const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'regie-bench@example.cm', password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`the régie could not sign in: ${await signIn.text()}`);
  const regieToken = ((await signIn.json()) as { access_token: string }).access_token;
  const { rows: created } = await db.admin.query<{ id: string }>(
    `insert into public.vote_rounds (title, duration_seconds) values ('Bench du vote', $1)
     returning id::text`,
    [Math.min(900, SECONDS * 3)],
  );
  const roundId = created[0].id;
  const { rows: candidates } = await db.admin.query<{ id: string }>(
    `insert into public.vote_candidates (round_id, number, name, line)
     select $1, g, 'Candidat ' || g || ' ' || repeat('N', 60), 'Ville ' || g
       from generate_series(1, $2::int) g
     returning id::text`,
    [roundId, CANDIDATES],
  );
  await post(server.url, regieToken, 'regie_open_round', { id: roundId });

  // The plan: every pass once at a random instant; a tenth again 2-10 s later, elsewhere.
  const span = SECONDS * 1000;
  const pick = () => Math.floor(Math.random() * CANDIDATES);
  const planned: (PlannedVote & { pass: number })[] = [];
  const last = new Map<number, string>();
  const changers = new Set(shuffle([...passes.keys()]).slice(0, Math.round(VOTERS / 10)));
  for (const [i, p] of passes.entries()) {
    const first = pick();
    const at = Math.random() * (changers.has(i) ? span - 10_000 : span);
    planned.push({
      pass: i,
      at,
      code: p.pass_code,
      candidateId: candidates[first].id,
      voteId: crypto.randomUUID(),
    });
    last.set(i, candidates[first].id);
    if (changers.has(i)) {
      const second = (first + 1 + Math.floor(Math.random() * (CANDIDATES - 1))) % CANDIDATES;
      const again = at + 2000 + Math.random() * 8000;
      planned.push({
        pass: i,
        at: again,
        code: p.pass_code,
        candidateId: candidates[second].id,
        voteId: crypto.randomUUID(),
      });
      last.set(i, candidates[second].id);
    }
  }
  const loadBefore = loadavg()[0];
  const result = await runVotes({
    baseUrl: server.url,
    anonKey: ANON_KEY,
    regieToken,
    roundId,
    votes: planned,
  });

  const refusedBy = new Map<string, number>();
  for (const v of result.votes as VoteOutcome[]) {
    if (!v.ok)
      refusedBy.set(
        `HTTP ${v.status} ${v.hint}`,
        (refusedBy.get(`HTTP ${v.status} ${v.hint}`) ?? 0) + 1,
      );
  }
  const refused = [...refusedBy].map(([what, n]) => `${n} × ${what}`);
  if (refused.length) failures.push(`votes not accepted: ${refused.join(', ')}`);
  const { rows: held } = await db.admin.query<{
    reservation_id: string;
    candidate_id: string;
    changes: number;
  }>(
    'select reservation_id::text, candidate_id::text, changes from public.votes where round_id = $1',
    [roundId],
  );
  const byPass = new Map(held.map((r) => [r.reservation_id, r]));
  let lost = 0;
  for (const [i, p] of passes.entries()) {
    const row = byPass.get(p.id);
    if (!row || row.candidate_id !== last.get(i) || row.changes !== (changers.has(i) ? 1 : 0))
      lost++;
  }
  const [{ receipts }] = (
    await db.admin.query<{ receipts: number }>(
      'select count(*)::int receipts from private.vote_receipts where round_id = $1',
      [roundId],
    )
  ).rows;
  if (held.length !== VOTERS) failures.push(`votes: ${held.length} rows, ${VOTERS} expected`);
  if (lost) failures.push(`votes: ${lost} passes do not hold their last vote`);
  if (receipts !== planned.length)
    failures.push(`receipts: ${receipts}, ${planned.length} expected`);

  // The stage screen at VOTERS votes, over HTTP and inside the database.
  const screenHttp: { ms: number }[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await post(server.url, ANON_KEY, 'vote_screen_state', {});
    screenHttp.push({ ms: performance.now() - t });
  }
  // Inside the database: the execution time EXPLAIN ANALYZE reports, median of 50.
  const inDb: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.admin.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      'explain (analyze, format json) select public.vote_screen_state()',
    );
    inDb.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  const screenDbMs = percentile(
    inDb.sort((a, b) => a - b),
    0.5,
  );
  // A pass page's poll with the round it holds, and its answer's size.
  const poll: { ms: number }[] = [];
  let bytes = 0;
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const { text } = await post(server.url, ANON_KEY, 'vote_state', {
      code: passes[i].pass_code,
      known_round: roundId,
    });
    poll.push({ ms: performance.now() - t });
    bytes = Math.max(bytes, Buffer.byteLength(text));
  }
  const tClose = performance.now();
  await post(server.url, regieToken, 'regie_close_round', { id: roundId });
  const closeMs = performance.now() - tClose;

  const votes = latency(result.votes);
  const bench: VoteBench = {
    votes: {
      ...votes,
      rps: result.votes.length / (result.wallMs / 1000),
      wallMs: result.wallMs,
      changes: changers.size,
      refused,
    },
    screen: latency(result.screen),
    desk: latency(result.desk),
    screenHttp: latency(screenHttp),
    screenDbMs: Number(screenDbMs),
    poll: { ...latency(poll), bytes },
    closeMs,
    load:
      `load average ${loadBefore.toFixed(1)} before the votes, ${loadavg()[0].toFixed(1)} after, ` +
      `on ${availableParallelism()} CPUs (other processes included)`,
    counted: held.length,
    lost,
    failures,
  };
  out(
    `  ${votes.n} votes: p50 ${votes.p50.toFixed(1)} ms, p95 ${votes.p95.toFixed(1)} ms, max ` +
      `${votes.max.toFixed(0)} ms; ${bench.votes.rps.toFixed(0)} votes/s over ` +
      `${(result.wallMs / 1000).toFixed(1)} s; ${held.length} rows, ${lost} lost; screen in the ` +
      `database ${bench.screenDbMs.toFixed(2)} ms`,
  );
  for (const f of failures) out(`  !! ${f}`);
  return bench;
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
    const bench = await voteBench({ db, server, out });
    printVoteSummary(bench);
    failed = bench.failures.length > 0;
  } finally {
    await server.close();
    await db.close();
  }
  process.exit(failed ? 1 : 0);
}
