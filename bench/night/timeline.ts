/**
 * The vote's timeline in the night rehearsal (bench/night/run.ts): per 2 s of the run, counted
 * from the instant PostgreSQL accepts connections again, the votes sent (first sends / the same
 * vote id again), their latency, the polls beside them, and what the probes saw (./probe.ts):
 * each process's event-loop lag and CPU, the API pool's waiting requests, PostgreSQL's API
 * sessions active, waiting on a lock, and idle in a transaction (waiting for the API's next query). Where cast_vote's slowest twentieth comes from.
 */
import { percentile } from '../support/median.ts';
import { out, printTable } from '../support/print.ts';
import type { Rehearsal } from './rehearse.ts';

const BUCKET_MS = 2000;

export const inCut = (cut: [number, number] | null, sent: number, ms: number) =>
  cut !== null && sent <= cut[1] + 2000 && sent + ms >= cut[0];

const q = (xs: number[], p: number) =>
  xs.length
    ? percentile(
        [...xs].sort((a, b) => a - b),
        p,
      ).toFixed(0)
    : '';
const max = (xs: number[]) => (xs.length ? Math.max(...xs).toFixed(0) : '');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** Cores the machine kept busy (mean), and of them what neither Node process used: PostgreSQL, Deno, the rest. */
const busyCores = (busy: number[], node: number) => {
  const b = mean(busy.filter((x) => !Number.isNaN(x)));
  return Number.isNaN(b) ? '' : `${b.toFixed(2)} (${Math.max(0, b - node).toFixed(2)})`;
};

export function printVoteTimeline(r: Rehearsal) {
  const votes = r.clients.samples.filter((s) => s[0] === 'cast_vote');
  if (votes.length === 0) return;
  const zero = r.cut ? r.cut[1] : Math.min(...votes.map((s) => s[1]));
  const bucket = (at: number) => Math.floor((at - zero) / BUCKET_MS);
  const first = bucket(Math.min(...votes.map((s) => s[1])));
  const last = bucket(Math.max(...votes.map((s) => s[1])));
  const within = <T extends [number, ...unknown[]]>(xs: T[], b: number) =>
    xs.filter((x) => bucket(x[0]) === b);
  const rows = [
    [
      's after PG back',
      'votes 1st/again',
      'p50',
      'p95',
      'max',
      'API p95',
      'polls',
      'poll p95',
      'srv lag',
      'srv cpu',
      'cli lag',
      'cli cpu',
      'gc srv/cli',
      'cores busy (others)',
      'pool conns',
      'pool idle',
      'pool wait',
      'pg active',
      'pg lock',
      'pg idle in tx',
    ],
  ];
  for (let b = first; b <= last; b++) {
    const vs = votes.filter((s) => bucket(s[1]) === b);
    const polls = r.clients.samples.filter((s) => s[0] === 'vote_state' && bucket(s[1]) === b);
    const srv = within(r.serverLoop, b);
    const cli = within(r.clients.loop, b);
    const pool = within(r.pool, b);
    const pg = within(r.sessions, b);
    const cut = vs.some((s) => inCut(r.cut, s[1], s[2])) ? ' (cut)' : '';
    rows.push([
      `${((b * BUCKET_MS) / 1000).toFixed(0)}${cut}`,
      `${vs.filter((s) => !s[4]).length}/${vs.filter((s) => s[4]).length}`,
      q(
        vs.map((s) => s[2]),
        0.5,
      ),
      q(
        vs.map((s) => s[2]),
        0.95,
      ),
      max(vs.map((s) => s[2])),
      q(
        r.serverVotes.filter(([at]) => bucket(at) === b).map(([, ms]) => ms),
        0.95,
      ),
      String(polls.length),
      q(
        polls.map((s) => s[2]),
        0.95,
      ),
      max(srv.map((s) => s[1])),
      `${(mean(srv.map((s) => s[2])) * 100).toFixed(0)} %`,
      max(cli.map((s) => s[1])),
      `${(mean(cli.map((s) => s[2])) * 100).toFixed(0)} %`,
      `${max(srv.map((s) => s[3]))}/${max(cli.map((s) => s[3]))}`,
      busyCores(
        pool.map((s) => s[4]),
        mean(srv.map((s) => s[2])) + mean(cli.map((s) => s[2])),
      ),
      pool.length ? `${Math.min(...pool.map((s) => s[1]))}-${max(pool.map((s) => s[1]))}` : '',
      max(pool.map((s) => s[2])),
      max(pool.map((s) => s[3])),
      max(pg.map((s) => s[1])),
      max(pg.map((s) => s[2])),
      max(pg.map((s) => s[3])),
    ]);
  }
  out(
    '\ncast_vote per 2 s (ms; API p95: as the local API saw them, from arrival to answer; ' +
      'lag: the event loop late, ms max; cpu: one core = 100 %; cores busy: the whole machine, ' +
      'in brackets what neither Node process used (PostgreSQL, Deno, the rest); ' +
      'srv: the local API process, cli: the clients):',
  );
  printTable(rows);
  const outside = votes.filter((s) => !inCut(r.cut, s[1], s[2]));
  const slow = outside.filter((s) => s[2] > 150);
  const line = (label: string, xs: typeof votes) =>
    out(
      `  ${label}: ${xs.length}, p50 ${q(
        xs.map((s) => s[2]),
        0.5,
      )} ms, p95 ${q(
        xs.map((s) => s[2]),
        0.95,
      )} ms, over 150 ms ${xs.filter((s) => s[2] > 150).length}`,
    );
  const served = r.serverVotes.filter(([at, ms]) => !inCut(r.cut, at, ms)).map(([, ms]) => ms);
  out('cast_vote outside the cut:');
  out(
    `  as the local API saw them (arrived → answer written): ${served.length}, ` +
      `p50 ${q(served, 0.5)} ms, p95 ${q(served, 0.95)} ms, over 150 ms ${served.filter((ms) => ms > 150).length}`,
  );
  line(
    'first sends',
    outside.filter((s) => !s[4]),
  );
  line(
    'the same vote id again',
    outside.filter((s) => s[4]),
  );
  if (r.cut && slow.length) {
    const after = slow.map((s) => (s[1] - r.cut![1]) / 1000);
    out(
      `  over 150 ms: sent ${q(after, 0)}…${q(after, 1)} s after PostgreSQL was back ` +
        `(median ${q(after, 0.5)} s)`,
    );
  }
}
