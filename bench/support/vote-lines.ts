/** The vote bench's settings, figures and summary table (bench/vote.ts, bench/run.ts). */
import { percentile } from './median.ts';
import { out, printTable } from './print.ts';

export const VOTERS = Number(process.env.BENCH_VOTERS ?? 3000);
export const SECONDS = Number(process.env.BENCH_VOTE_SECONDS ?? 60);
export const CANDIDATES = 12;

export type Latency = { n: number; p50: number; p95: number; max: number };
export type VoteBench = {
  votes: Latency & { rps: number; wallMs: number; changes: number; refused: string[] };
  screen: Latency;
  desk: Latency;
  screenHttp: Latency;
  screenDbMs: number;
  poll: Latency & { bytes: number };
  closeMs: number;
  /** The machine's load around the votes (other sessions share its CPUs). */
  load: string;
  counted: number;
  lost: number;
  failures: string[];
};

export const latency = (outcomes: { ms: number }[]): Latency => {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), max: ms.at(-1) ?? 0 };
};

export function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The summary table of the vote bench (bench/run.ts). */
export function printVoteSummary(vote: VoteBench): void {
  const f = (v: number) => `${v.toFixed(1)} ms`;
  const v = vote.votes;
  out(
    `\nPublic vote: ${VOTERS.toLocaleString('en')} validated passes, ${v.changes} changing once, ` +
      `${v.n.toLocaleString('en')} votes planned over ${SECONDS} s from one client address\n`,
  );
  printTable([
    ['Calls', 'Count', 'p50', 'p95', 'Max', 'Note'],
    [
      'cast_vote',
      String(v.n),
      f(v.p50),
      f(v.p95),
      f(v.max),
      `${v.rps.toFixed(0)} votes/s over ${(v.wallMs / 1000).toFixed(1)} s; target p95 ≤ 150 ms: ${v.p95 <= 150 ? 'met' : 'MISSED'}`,
    ],
    [
      'vote_screen_state (1/s during)',
      String(vote.screen.n),
      f(vote.screen.p50),
      f(vote.screen.p95),
      f(vote.screen.max),
      'the stage screen',
    ],
    [
      'vote_rounds_list (1/s during)',
      String(vote.desk.n),
      f(vote.desk.p50),
      f(vote.desk.p95),
      f(vote.desk.max),
      'the régie',
    ],
    [
      'vote_screen_state after',
      String(vote.screenHttp.n),
      f(vote.screenHttp.p50),
      f(vote.screenHttp.p95),
      f(vote.screenHttp.max),
      `in the database ${vote.screenDbMs.toFixed(2)} ms (median of 50); target < 20 ms: ${vote.screenDbMs < 20 ? 'met' : 'MISSED'}`,
    ],
    [
      'vote_state (a poll)',
      String(vote.poll.n),
      f(vote.poll.p50),
      f(vote.poll.p95),
      f(vote.poll.max),
      `answer ≤ ${vote.poll.bytes} bytes`,
    ],
    ['regie_close_round', '1', f(vote.closeMs), '-', '-', `at ${vote.counted} votes`],
  ]);
  out(
    `\nCounted in SQL: ${vote.counted} rows for ${VOTERS} passes (one per pass), lost ${vote.lost}` +
      (v.refused.length ? `; refused: ${v.refused.join(', ')}` : '; every vote accepted') +
      '.',
  );
  out(`Machine: ${vote.load}.`);
}
