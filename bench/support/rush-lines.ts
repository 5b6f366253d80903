/**
 * The rush lines of `npm run bench` (bench/rush.ts): each rush's outcome checked against what
 * SQL stored, printed as it runs and in the summary tables.
 */
import { BENCH_POW_MAX, POOL_SIZE, RATE_LIMITS_LIFTED, RUSH_SIZE } from './settings.ts';
import { out, printTable } from './print.ts';
import { percentile } from './median.ts';
import type { RushRequest, RushResult } from './rush-client.ts';
import type { SolvedProofs } from './proofs-of-work.ts';

/** The registrations' p95 at 50,000 over the empty tables', at most (see printRushFlatness). */
const RUSH_FLAT_MAX = 1.3;

export type RushLine = {
  what: string;
  state: string;
  n: number;
  ok: number;
  refused: number;
  /** Refusals answered 429 (rate_limited). */
  rateLimited: number;
  /** The reserve limit in force during the rush, when it was not lifted. */
  limit: number | null;
  p50: number;
  p95: number;
  max: number;
  rps: number;
  wallMs: number;
  stored: number;
  maxWaiting: number;
  errors: Map<string, number>;
  failure: string | null;
};

/** A batch of proofs of work solved before a rush, for the summary. */
export type SolveLine = { what: string; proofs: SolvedProofs };

export function summarise(
  what: string,
  state: string,
  requests: RushRequest[],
  result: RushResult,
  maxWaiting: number,
  stored: number,
  storedIds: Set<string>,
  /** Rows of another table the batch must have stored too (a registration's team members). */
  also?: { rows: string; stored: number; expected: number },
  /** The rush ran under this per-address limit (see limitedRush): other rules apply. */
  limit?: number,
): RushLine {
  const ok = result.outcomes.filter((o) => o.status >= 200 && o.status < 300);
  const rateLimited = result.outcomes.filter((o) => o.status === 429).length;
  const errors = new Map<string, number>();
  for (const o of result.outcomes) {
    if (o.error) errors.set(o.error, (errors.get(o.error) ?? 0) + 1);
  }
  const latencies = result.outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const problems: string[] = [];
  /** Worth a look, but not a failure of the limited rush. */
  const notes: string[] = [];
  const missing = ok.filter((o) => !storedIds.has(o.id)).length;
  if (limit === undefined) {
    if (ok.length !== requests.length) {
      problems.push(`${requests.length - ok.length} of ${requests.length} refused`);
    }
    if (stored !== requests.length)
      problems.push(`${stored} rows stored, ${requests.length} expected`);
    if (missing) problems.push(`${missing} accepted but not stored`);
  } else {
    // Refusals are the point here; what must not happen is a limit overshot by more than the
    // requests that can be in flight together, or a server failure. A request without any
    // answer (status 0: connection dropped) counts as a server failure.
    const bound = limit + POOL_SIZE;
    if (stored > bound) problems.push(`${stored} rows stored, at most ${bound} allowed`);
    const failed = result.outcomes.filter((o) => o.status >= 500 || o.status === 0).length;
    if (failed) problems.push(`${failed} answered 5xx or not at all`);
    const other = requests.length - ok.length - rateLimited - failed;
    if (other) notes.push(`${other} refused otherwise than 429`);
    if (missing) notes.push(`${missing} accepted but not stored`);
    if (stored < Math.min(limit, requests.length)) {
      notes.push(`${stored} rows stored, under the limit of ${limit}`);
    }
  }
  if (also && also.stored !== also.expected) {
    problems.push(`${also.stored} ${also.rows} stored, ${also.expected} expected`);
  }
  const line: RushLine = {
    what,
    state,
    n: requests.length,
    ok: ok.length,
    refused: requests.length - ok.length,
    rateLimited,
    limit: limit ?? null,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: latencies[latencies.length - 1],
    rps: requests.length / (result.wallMs / 1000),
    wallMs: result.wallMs,
    stored,
    maxWaiting,
    errors,
    failure: problems.length ? `${what} (${state}): ${problems.join(', ')}` : null,
  };
  out(
    `  ${what.padEnd(14)} ${line.ok} OK, ${line.refused} refused (${rateLimited} × 429); ` +
      `p50 ${line.p50.toFixed(0)} ms, ` +
      `p95 ${line.p95.toFixed(0)} ms, max ${line.max.toFixed(0)} ms; ` +
      `${line.rps.toFixed(0)} req/s over ${line.wallMs.toFixed(0)} ms; ` +
      `${maxWaiting} waiting for a connection at most; stored (SQL): ${stored}`,
  );
  if (also) out(`  ${''.padEnd(14)} ${also.rows} stored (SQL): ${also.stored} of ${also.expected}`);
  for (const [error, count] of errors) out(`      ${count} × ${error}`);
  for (const note of notes) out(`  (note) ${note}`);
  if (line.failure) out(`  !! ${line.failure}`);
  return line;
}

/** The rush lines as a table (the summary of both modes). */
function printRushTable(rushLines: RushLine[]) {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  printTable([
    [
      'Rush',
      'State',
      'OK',
      'Refused',
      'p50',
      'p95',
      'Max',
      'Throughput',
      'Wall',
      'Queued (max)',
      'Stored (SQL)',
    ],
    ...rushLines.map((r) => [
      r.what,
      r.state,
      String(r.ok),
      r.rateLimited ? `${r.refused} (${r.rateLimited} × 429)` : String(r.refused),
      ms(r.p50),
      ms(r.p95),
      ms(r.max),
      `${r.rps.toFixed(0)} req/s`,
      ms(r.wallMs),
      String(r.maxWaiting),
      `${r.stored} / ${r.n}` +
        (r.limit === null ? '' : ` (limit ${r.limit}, at most ${r.limit + POOL_SIZE})`) +
        (r.failure ? ' !!' : ''),
    ]),
  ]);
}

/**
 * How the rush's cost grows with the table, from the same run: each rush's p95 and throughput at
 * scale over the empty tables' figures. The registrations' p95 ratio must stay at most
 * RUSH_FLAT_MAX (docs/decisions/027-registration-rush-flat.md): the failure, or null.
 */
export function printRushFlatness(rushLines: RushLine[], atScale: string): string | null {
  const pairs = ['Reservations', 'Registrations'].flatMap((what) => {
    const empty = rushLines.find((r) => r.what === what && r.state === 'empty tables');
    const scaled = rushLines.find((r) => r.what === what && r.state === atScale);
    return empty && scaled ? [{ what, empty, scaled }] : [];
  });
  out(`\nThe rush's cost with the table, same run: ${atScale} against empty tables\n`);
  printTable([
    ['Rush', 'p95 empty', `p95 ${atScale}`, 'p95 ratio', 'req/s empty', `req/s ${atScale}`],
    ...pairs.map(({ what, empty, scaled }) => [
      what,
      `${empty.p95.toFixed(0)} ms`,
      `${scaled.p95.toFixed(0)} ms`,
      `${(scaled.p95 / empty.p95).toFixed(2)}×`,
      empty.rps.toFixed(0),
      scaled.rps.toFixed(0),
    ]),
  ]);
  const reg = pairs.find((p) => p.what === 'Registrations');
  if (!reg) return null;
  const ratio = reg.scaled.p95 / reg.empty.p95;
  out(
    `\nRegistrations: p95 ${atScale} is ${ratio.toFixed(2)}× the empty tables' ` +
      `(must stay at most ${RUSH_FLAT_MAX}×; the machine's other load makes single runs noisy).`,
  );
  return ratio > RUSH_FLAT_MAX
    ? `registration rush: p95 ${atScale} ${reg.scaled.p95.toFixed(0)} ms is ` +
        `${ratio.toFixed(2)}× the empty tables' ${reg.empty.p95.toFixed(0)} ms (over ${RUSH_FLAT_MAX}×)`
    : null;
}

/** The rush lines' heading and table (the summary of both modes). */
export function printRushOverview(rushLines: RushLine[]): void {
  out(
    `\nOpening rush: ${RUSH_SIZE} concurrent anonymous requests per line, sent at once from ` +
      `another process over ${RUSH_SIZE} keep-alive sockets; API pool of ${POOL_SIZE} connections\n`,
  );
  printRushTable(rushLines);
}

/** How the rate limits were set for the rush lines (the full bench's summary). */
export function printRateLimitNote(limitsText: string, reserveLimitMax: number): void {
  out(
    '\n"Queued" is the most requests waiting at once for a connection of the API pool; ' +
      '"Stored" counts\nthe rush\'s rows in SQL afterwards (team members checked too).\n' +
      '\nRate limits: every request comes from one loopback address (127.0.0.1), so the ' +
      `per-address limits\n(${limitsText}) are lifted for the rush lines:\n` +
      `  ${RATE_LIMITS_LIFTED}\n` +
      'The last line puts the default reserve limit back, after clearing the recorded hits:\n' +
      '  delete from private.rate_hits\n' +
      `  update private.rate_limits set max_per_address = ${reserveLimitMax} ` +
      `where action = 'reserve'\n` +
      'Concurrent requests each count only the hits committed before them, so up to the ' +
      `limit plus the\npool size (${POOL_SIZE}) may be stored; that line fails only above ` +
      'that or on a 5xx (or no answer).\n' +
      'Every request carries a proof of work solved beforehand (below): the rush times the ' +
      'database and\nthe HTTP layer, not the solving.',
  );
}

/** The proofs of work solved before each rush, as a table. */
export function printSolves(solves: SolveLine[]): void {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  out(
    `\nProofs of work solved in Node before each rush (altcha-lib solveChallenge, ` +
      `maxnumber ${BENCH_POW_MAX}, one challenge per request)\n`,
  );
  printTable([
    [
      'Before',
      'Solutions',
      'Threads',
      'Total',
      'Fetching challenges',
      'Median per solution',
      'p95',
      'Max',
    ],
    ...solves.map(({ what, proofs }) => [
      what,
      String(proofs.pows.length),
      String(proofs.threads),
      `${(proofs.totalMs / 1000).toFixed(1)} s`,
      ms(proofs.fetchMs),
      ms(percentile(proofs.solveMs, 0.5)),
      ms(percentile(proofs.solveMs, 0.95)),
      ms(proofs.solveMs[proofs.solveMs.length - 1]),
    ]),
  ]);
  const allSolves = solves.flatMap((l) => l.proofs.solveMs).sort((a, b) => a - b);
  out(
    `\n${allSolves.length} solutions in ` +
      `${(solves.reduce((sum, l) => sum + l.proofs.totalMs, 0) / 1000).toFixed(1)} s ` +
      `in all; median ${ms(percentile(allSolves, 0.5))} per solution (each thread solves one ` +
      'challenge at a time;\n"Total" includes fetching the challenges from the API).',
  );
}
