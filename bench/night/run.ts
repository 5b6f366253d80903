/**
 * `npm run bench:night`: the whole evening at once on the local backend (real PostgreSQL 17
 * behind the HTTP layer the site uses), with PostgreSQL stopped in the middle of the vote and
 * the door rush (issue 42; docs/decisions/050-the-night-with-a-cut.md): 3,000 confirmed passes,
 * 12 door lanes at 8 scans a minute (3 offline for 2 minutes, then syncing), the 3,000 pass pages
 * polling the vote every 10-15 s, the stage screen every second, the régie, a round of votes in
 * 60 s with a tenth changing, the outbox draining the day's reminder and the waitlist offers
 * through the mock provider, admins reading the presence page. Prints per action p50 / p95 / p99,
 * errors and count, inside and outside the cut, the machine's load beside them, the database's
 * time per function, then the invariants (bench/night/invariants.ts).
 *
 * Exits non-zero when an invariant breaks, never on timing: the targets (cast_vote and check_in
 * p95 ≤ 150 ms, the pass page's poll p95 ≤ 100 ms, no 5xx outside the cut) are printed beside the
 * figures. BENCH_NIGHT=tiny runs the smoke test's scale.
 */
import { availableParallelism } from 'node:os';
import { percentile } from '../support/median.ts';
import { out, printTable } from '../support/print.ts';
import { rehearse, type Rehearsal } from './rehearse.ts';
import { FULL, TINY } from './settings.ts';
// A request overlapping the cut (or the first 2 s after it: the pools reconnect).
import { inCut, printVoteTimeline } from './timeline.ts';

function actionTable(r: Rehearsal): string[][] {
  const groups = new Map<string, { ms: number[]; errors: number; fivexx: number; cut: number }>();
  for (const [action, sent, ms, status] of r.clients.samples) {
    const during = inCut(r.cut, sent, ms);
    const key = during ? `${action} (cut)` : action;
    const g = groups.get(key) ?? { ms: [], errors: 0, fivexx: 0, cut: 0 };
    g.ms.push(ms);
    if (status === 0 || status >= 400) g.errors++;
    if (status >= 500) g.fivexx++;
    groups.set(key, g);
  }
  const rows = [['action', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', '5xx']];
  for (const [key, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = g.ms.sort((a, b) => a - b);
    rows.push([
      key,
      String(sorted.length),
      ...[0.5, 0.95, 0.99].map((q) => percentile(sorted, q).toFixed(1)),
      String(g.errors),
      String(g.fivexx),
    ]);
  }
  return rows;
}

function printRehearsal(r: Rehearsal) {
  const samples = r.clients.samples;
  const first = Math.min(...samples.map((s) => s[1]));
  const last = Math.max(...samples.map((s) => s[1]));
  const polls = samples.filter((s) => s[0] === 'vote_state').length;
  out(
    `\nLoad average (1 min) during the run: ${r.load.map((l) => l.toFixed(1)).join(' ')} ` +
      `on ${r.cpus} CPUs (every process on the machine, other work included)`,
  );
  out(
    `Pass-page polls: ${(polls / ((last - first) / 1000)).toFixed(0)} requests/s on average; ` +
      `${samples.length} requests in ${((last - first) / 1000).toFixed(0)} s`,
  );
  printTable(actionTable(r));
  printVoteTimeline(r);
  const lanes = r.clients.lanes;
  const sum = (f: (l: (typeof lanes)[number]) => number) => lanes.reduce((n, l) => n + f(l), 0);
  const merge = (pick: (l: (typeof lanes)[number]) => Record<string, number>) => {
    const m: Record<string, number> = {};
    for (const l of lanes) for (const [k, v] of Object.entries(pick(l))) m[k] = (m[k] ?? 0) + v;
    return Object.entries(m)
      .map(([k, v]) => `${v} × ${k}`)
      .join(', ');
  };
  out(`\nDoors: shown ${merge((l) => l.shown)}`);
  out(
    `  judged offline ${sum((l) => l.offlineJudged)}, errors shown ${sum((l) => l.errorsShown)}, ` +
      `synced ${sum((l) => l.synced)} (${merge((l) => l.syncVerdicts)}), left queued ` +
      `${sum((l) => l.leftQueued)}`,
  );
  const v = r.clients.voters;
  const shown: Record<string, number> = {};
  for (const x of v) for (const [k, n] of Object.entries(x.shown)) shown[k] = (shown[k] ?? 0) + n;
  out(
    `Votes: ${v.length} voters, ${v.reduce((n, x) => n + x.accepted, 0)} taps accepted, ` +
      `${v.reduce((n, x) => n + x.retaps, 0)} taps again, ${v.filter((x) => !x.held).length} ` +
      'without an accepted vote',
  );
  for (const [m, n] of Object.entries(shown)) out(`  shown ${n} ×: ${m}`);
  for (const m of r.clients.openRefusals) out(`  the régie's "Ouvrir" got ${m}`);
  const lost = r.clients.screenLost.map(([a, b]) => `${((b - a) / 1000).toFixed(1)} s`);
  out(
    `Stage screen: "connexion perdue" ${lost.length ? lost.join(', ') : 'never'}` +
      (r.cut ? `; PostgreSQL down ${((r.cut[1] - r.cut[0]) / 1000).toFixed(1)} s` : ''),
  );
  out(
    `Holders cancelled: ${r.clients.cancelled}; outbox drained ${r.drainSeconds.toFixed(0)} s after`,
  );
  out('\nTime in the database per function (pg_stat_user_functions, whole run):');
  printTable([
    ['function', 'calls', 'total ms', 'mean ms'],
    ...r.stats
      .slice(0, 14)
      .map((s) => [
        s.name,
        String(s.calls),
        s.totalMs.toFixed(0),
        (s.totalMs / s.calls).toFixed(2),
      ]),
  ]);
  out('\nInvariants (SQL):');
  for (const i of r.invariants) out(`  ${i.holds ? 'ok    ' : 'BROKEN'} ${i.name}: ${i.detail}`);
}

const scale = process.env.BENCH_NIGHT === 'tiny' ? TINY : FULL;
const t0 = Date.now();
out(
  `Night rehearsal: ${scale.passes} passes, ${scale.lanes} lanes, a cut of ${scale.cutSeconds} s ` +
    `at ${scale.cutAt} s, on ${availableParallelism()} CPUs`,
);
rehearse(scale, out).then(
  (r) => {
    printRehearsal(r);
    out(`\nTotal time ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const broken = r.invariants.filter((i) => !i.holds);
    if (broken.length) {
      console.error(`\nFAILED: ${broken.map((i) => i.name).join('; ')}`);
      process.exit(1);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
