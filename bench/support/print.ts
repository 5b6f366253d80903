/** Printing and timing for `npm run bench` (bench/run.ts). */
import { performance } from 'node:perf_hooks';
import { RUNS, SLOW_MS } from './settings.ts';

export const out = (text = '') => process.stdout.write(`${text}\n`);

export type Timing = { ms: number; rows: number; runs: number };

/** The median of `runs` runs of `fn` after a warm-up, printed as one line under `label`. */
export async function time(label: string, fn: () => Promise<number>, runs = RUNS): Promise<Timing> {
  const t0 = performance.now();
  let rows = await fn(); // warm-up (and the row count)
  const first = performance.now() - t0;
  const samples: number[] = [];
  // An operation of several seconds (the seed's paged fetch-all) is timed by its first run
  // alone: a warm-up changes nothing at that scale, and repeating it would take minutes.
  if (first > SLOW_MS) samples.push(first);
  else {
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      rows = await fn();
      samples.push(performance.now() - t);
    }
  }
  samples.sort((a, b) => a - b);
  const ms = samples[Math.floor(samples.length / 2)];
  const note = samples.length === 1 && runs > 1 ? '  (1 run)' : '';
  out(`  ${label.padEnd(58)} ${ms.toFixed(1).padStart(9)} ms  ${rows} rows${note}`);
  return { ms, rows, runs: samples.length };
}

/** A markdown-like table, columns padded to their widest cell. */
export function printTable(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  out(line(rows[0]));
  out(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows.slice(1)) out(line(r));
}
