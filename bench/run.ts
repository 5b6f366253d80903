/**
 * `npm run bench`: the administration's loads and exports at scale, ours against the seed's
 * approach, the admin search, the opening rush of visitors and the Night Party's door check-in,
 * through the HTTP layer of the embedded local backend (real PostgreSQL 17).
 *
 * 1. A throw-away local database (migrations, no seed) is served on 127.0.0.1:54321, where the
 *    app's data module looks when VITE_SUPABASE_URL is unset; when that port is taken (a dev
 *    server, `npm run backend`), on a free port instead, and the data module is pointed there.
 * 2. Opening rush on empty tables, as on the day registration opens: 200 reservations
 *    (rpc/create_reservation), then 200 registrations (rpc/register_participant), each batch sent
 *    at once by anonymous visitors (bench/rush.ts). Every public write carries a
 *    proof-of-work solution: the 400 challenges are fetched and solved in Node before the rush,
 *    at the database's difficulty, and their figures printed apart, so the rush times the
 *    database and the HTTP layer only. Every request comes from 127.0.0.1, one address, which the
 *    per-address rate limits would stop after 120 reservations / 60 registrations: the limits are
 *    lifted for the rush (see RATE_LIMITS_LIFTED). The rows are checked in SQL, then removed.
 * 3. The database is filled with 50,000 participants (with team members) and 20,000 reservations
 *    (bench/support/fill-large.ts), plus one admin account the data module signs in with.
 * 4. Each admin operation is timed (median of several runs after a warm-up) two ways:
 *    - ours: what the admin pages do (SQL statistics, server-side paging and filters, exports
 *      fetched page by page after the last row received);
 *    - the seed's approach: fetch every row and compute, filter and page in the browser. A single
 *      request is capped at 1,000 rows by the API, so the seed's one-request fetch silently gets
 *      1,000 rows: its row count is shown, and the fetch-all is also timed paged by offset
 *      (correct rows).
 * 5. The admin search (participants through rpc/search_participants, reservations with
 *    `ilike '%term%'`), then the participants search as admins and readers run it, with the plan
 *    of its count (bench/search.ts).
 * 6. The same rush again at 50,000 participants, and each rush's p95 and requests/s at 50,000
 *    over the empty tables' (same run): the registrations' p95 ratio must stay at most 1.3
 *    (docs/decisions/027-registration-rush-flat.md). `npm run bench:rush` (`--rush`) runs steps
 *    1, 2, 3 and 6 alone.
 * 7. The rate limit holding: 200 concurrent reservations from the one address with the default
 *    reserve limit restored (120 per 600 s) and the recorded hits cleared.
 * 8. The door check-in at that scale: 20 doors scanning 5,000 passes in parallel
 *    (bench/door.ts), check-in latency p50 / p95; then the offline door on its own database
 *    (bench/door-list.ts, alone: `npm run bench:door`): the door list of 5,000 passes (built in
 *    the database, bytes on the wire gzipped and raw; downloaded and stored by the door page in
 *    Chromium on a 4× slowed CPU: bench/door-list-browser.ts) and the reconciliation of 1,000
 *    queued check-ins with 50 double entries.
 * 9. (With step 5.) The contest pipeline's bulk action: the status of 1,000 participants among
 *    the 50,000 changed in one call (rpc/admin_set_status), which must take under 1 s.
 * 10. The Night Party's public vote at that scale: 3,000 validated passes voting within a minute
 *    from one client address (bench/vote.ts). `npm run bench:vote` (`--vote`) runs it alone, on a
 *    database without the fill.
 * 11. The auditions' jury: five cities × three judges × 400 performers scored, the results
 *    page's queries under 200 ms at p95 (bench/jury.ts). `npm run bench:jury` (`--jury`) runs it
 *    alone, on a database without the fill.
 *
 * The Night Party's reservations are open for the whole run (the migration's edition is past)
 * with room for every reservation (capacity 100,000): the rushes measure confirmed places.
 *
 * Exits non-zero when a rush request of steps 2 and 6 is refused or the rows it stored (checked
 * in SQL) are not exactly the ones expected; in step 7, when more rows are stored than the limit
 * plus the pool size (see limitedRush) or when a request gets a 5xx or no answer; in step 8, when
 * a pass is not checked in exactly once, the door list is over 300 KB on the wire or holds a code
 * or a phone, or the reconciliation does not record exactly 950 entries and 50 double entries;
 * in step 10, when a vote is refused or a pass does not
 * hold exactly its last vote; when the bulk status change does not change exactly
 * 1,000 participants or takes 1 s or more; when the registrations' p95 at 50,000 is over 1.3×
 * that on empty tables.
 * Environment: see bench/support/settings.ts. One file per scenario: bench/rush.ts,
 * bench/admin-loads.ts, bench/admin-search.ts and bench/search.ts, bench/pipeline-bulk.ts,
 * bench/door.ts, bench/vote.ts; their shared helpers in bench/support/.
 */
import { performance } from 'node:perf_hooks';
import ws from 'ws';
import { createClient } from '@supabase/supabase-js';
import { openLocalDatabase } from '../supabase/local/database.ts';
import type { RunningServer } from '../supabase/local/server.ts';
import { ANON_KEY } from '../supabase/local/constants.ts';
import { loadApp, startApi } from './support/api.ts';
import { fillLarge, LARGE } from './support/fill-large.ts';
import { out } from './support/print.ts';
import {
  printRateLimitNote,
  printRushFlatness,
  printRushOverview,
  printSolves,
  type SolveLine,
} from './support/rush-lines.ts';
import {
  ADMIN,
  BENCH_POW_MAX,
  checkSettings,
  EDITION_OPEN,
  POOL_SIZE,
  POW_THREADS,
  RATE_LIMITS_LIFTED,
  RUSH_SIZE,
} from './support/settings.ts';
import { adminLoads, printAdminLoads } from './admin-loads.ts';
import { adminSearch, printSearches } from './admin-search.ts';
import { doorBench, printDoorSummary } from './door.ts';
import { doorListBench } from './door-list.ts';
import { doorListInBrowser as browser } from './door-list-browser.ts';
import { judgeDownloadedList } from './door-verdict.ts';
import { pipelineBulk, printPipelineBulk } from './pipeline-bulk.ts';
import { limitedRush, openingRush } from './rush.ts';
import { searchBench } from './search.ts';
import { voteBench } from './vote.ts';
import { juryBench, printJurySummary } from './jury.ts';
import { printVoteSummary } from './support/vote-lines.ts';

/** `--rush` (npm run bench:rush): the opening rush alone, on empty tables then at 50,000. */
const RUSH_ONLY = process.argv.includes('--rush');
/** `--vote` (npm run bench:vote): the public vote alone. */
const VOTE_ONLY = process.argv.includes('--vote');
/** `--jury` (npm run bench:jury): the auditions' jury alone. */
const JURY_ONLY = process.argv.includes('--jury');

async function main(): Promise<string[]> {
  const t0 = performance.now();
  const failures: string[] = [];
  checkSettings();
  out('Preparing the database (migrations, no seed)...');
  const db = await openLocalDatabase({ poolSize: POOL_SIZE });
  let server: RunningServer | undefined;
  try {
    server = await startApi(db);
    out(`  API on ${server.url}, pool of ${POOL_SIZE} authenticator connections`);
    if (VOTE_ONLY) {
      const vote = await voteBench({ db, server, out });
      out(`\n${'='.repeat(100)}`);
      printVoteSummary(vote);
      out(`\nTotal time ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      return vote.failures;
    }
    if (JURY_ONLY) {
      const jury = await juryBench({ db, server, out });
      printJurySummary(jury, out);
      return jury.failures;
    }

    const app = await loadApp();

    // The migration's limits, kept for the last rush line, then lifted for the others.
    const limits = await db.admin.query<{
      action: string;
      window_seconds: number;
      max_per_address: number;
    }>('select action, window_seconds, max_per_address from private.rate_limits order by action');
    const reserveLimit = limits.rows.find((r) => r.action === 'reserve');
    if (!reserveLimit) throw new Error('private.rate_limits has no reserve limit');
    const { pow_max_number: powMax } = (
      await db.admin.query<{ pow_max_number: number }>(
        'select pow_max_number from private.abuse_settings',
      )
    ).rows[0];
    await db.admin.query(RATE_LIMITS_LIFTED);
    await db.admin.query(EDITION_OPEN);
    // Visitors solve in their own browsers, side by side (bench/pow-solve-time.ts measures
    // that); here one process would have to solve a thousand of them in a row, which measures
    // Node's WebCrypto, not the database. The rush uses easy challenges; the database verifies
    // them exactly as it verifies hard ones.
    await db.admin.query(`update private.abuse_settings set pow_max_number = ${BENCH_POW_MAX}`);
    const limitsText = limits.rows
      .map((r) => `${r.action} ${r.max_per_address} per ${r.window_seconds} s`)
      .join(', ');
    out(
      "\nRate limits lifted for the rush: all the bench's requests come from one loopback " +
        'address\n(127.0.0.1), where a crowd comes from many, and the per-address limits ' +
        `(${limitsText})\nwould refuse most of a ${RUSH_SIZE}-request rush. Admin pool: ` +
        `${RATE_LIMITS_LIFTED}\n` +
        `Proofs of work: the database's difficulty is ${powMax} (solved in the visitor's ` +
        `browser, see bench/pow-solve-time.ts);\nthe rush uses ${BENCH_POW_MAX}, solved in ` +
        `Node on ${POW_THREADS} worker threads before each rush.`,
    );

    const solves: SolveLine[] = [];
    const rushLines = await openingRush(db, server, app, 0, 'empty tables', solves);
    // The fill writes fixed ids: the rush's rows go before it.
    await db.admin.query(
      'truncate public.team_members, public.participants, public.reservations cascade',
    );

    out('\nFilling 50,000 participants and 20,000 reservations...');
    const tFill = performance.now();
    await fillLarge(db.admin, LARGE);
    // On a live database autovacuum keeps statistics and visibility maps current as rows arrive;
    // vacuum once after the bulk fill, so the timings are of that steady state.
    await db.admin.query(
      'vacuum analyze public.participants, public.team_members, public.reservations, ' +
        'private.participant_search',
    );
    // The fill's writes are flushed now, not by a checkpoint in the middle of the next rush.
    await db.admin.query('checkpoint');
    await db.admin.query(
      `with u as (
         insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1,
           extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
           '{"provider":"email","providers":["email"]}', '{}', now(), now())
         returning id)
       insert into private.admins (user_id) select id from u`,
      [ADMIN.email, ADMIN.password],
    );
    const counts = (
      await db.admin.query<{ p: number; m: number; r: number }>(
        `select (select count(*) from participants)::int p, (select count(*) from team_members)::int m,
                (select count(*) from reservations)::int r`,
      )
    ).rows[0];
    out(
      `  ${counts.p} participants, ${counts.m} team members, ${counts.r} reservations ` +
        `(${((performance.now() - tFill) / 1000).toFixed(1)} s)`,
    );

    if (RUSH_ONLY) {
      const atScale = `at ${counts.p.toLocaleString('en')} participants`;
      rushLines.push(...(await openingRush(db, server, app, 1, atScale, solves)));
      out(`\n${'='.repeat(100)}`);
      printRushOverview(rushLines);
      const flat = printRushFlatness(rushLines, atScale);
      if (flat) failures.push(flat);
      for (const r of rushLines) if (r.failure) failures.push(r.failure);
      out(`\nTotal time ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      return failures;
    }

    await app.signInAdmin(ADMIN.email, ADMIN.password);

    // The seed's approach, with its own client (same admin, same API).
    const seed = createClient(server.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    const signIn = await seed.auth.signInWithPassword(ADMIN);
    if (signIn.error) throw signIn.error;

    const lines = await adminLoads(seed, app);
    const searchLines = await adminSearch(app);
    // The participants search's own figures: admin and reader, accents, phones, teams, members
    // (bench/search.ts; docs/decisions/022-search-people.md).
    const peopleSearch = await searchBench({ db, url: server.url, out });

    const bulk = await pipelineBulk(db, seed, counts, failures);

    const atScale = `at ${counts.p.toLocaleString('en')} participants`;
    rushLines.push(...(await openingRush(db, server, app, 1, atScale, solves)));
    rushLines.push(
      await limitedRush(
        db,
        server,
        app,
        2,
        atScale,
        { max: reserveLimit.max_per_address, windowSeconds: reserveLimit.window_seconds },
        solves,
      ),
    );
    const door = await doorBench({ db, server, out });
    // The offline door on its own database: a list of exactly 5,000 passes.
    const doorList = await doorListBench({ out, judge: judgeDownloadedList, browser });
    const vote = await voteBench({ db, server, out });
    const jury = await juryBench({ db, server, out });

    // Summary.
    const total = (performance.now() - t0) / 1000;
    out(`\n${'='.repeat(100)}`);
    printAdminLoads(lines, counts);
    printSearches(searchLines, peopleSearch);
    printPipelineBulk(bulk, counts);
    printRushOverview(rushLines);
    printRateLimitNote(limitsText, reserveLimit.max_per_address);
    const flat = printRushFlatness(rushLines, atScale);
    if (flat) failures.push(flat);

    printSolves(solves);
    printDoorSummary(door, doorList);
    printVoteSummary(vote);
    printJurySummary(jury, out);
    out(`\nTotal time ${total.toFixed(0)} s`);

    for (const r of rushLines) if (r.failure) failures.push(r.failure);
    failures.push(...door.failures);
    failures.push(...doorList.failures);
    failures.push(...vote.failures, ...jury.failures);
    await seed.auth.signOut({ scope: 'local' });
  } finally {
    await server?.close();
    await db.close();
  }
  return failures;
}

main().then(
  (failures) => {
    if (failures.length) {
      console.error(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
      process.exit(1);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
