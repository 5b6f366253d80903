/**
 * The Lighthouse gate's rules (bench/lighthouse.ts runs the audits; the reasons are in
 * docs/decisions/014-lighthouse-gate.md): a page passes when the run with its median performance
 * score reaches 100 in all four categories, and the median of its runs' largest contentful paint
 * is at most 1.8 s. The median of several runs, and the harness's scheduling
 * (bench/support/lighthouse-host.ts), keep this shared host's noise out of the verdict.
 */
import { median } from './median.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** The lowest passing score of every category in the median run. */
export const MINIMUM_SCORE = 100;
/** The median of a page's runs' largest contentful paint, simulated (ms). */
export const MAX_LCP_MS = 1800;
/**
 * Lighthouse's own threshold for a host too slow to measure on: at or below this benchmark index
 * it warns that "the tested device appears to have a slower CPU than Lighthouse expects".
 */
export const UNDERPOWERED_HOST_INDEX = 1000;

export type Run = {
  scores: Record<Category, number>;
  /** Per category, the scored audits that did not get full marks (shown when the gate fails). */
  losing: Record<Category, string[]>;
  /** Largest contentful paint (ms). */
  lcp: number;
  /** Lighthouse's benchmark index of the host during the run: higher is faster. */
  host: number;
};

export function underpowered(run: Pick<Run, 'host'>): boolean {
  return run.host <= UNDERPOWERED_HOST_INDEX;
}

/** Chrome stopped answering Lighthouse in time: the host stalled, the page was not measured. */
function hostStalled(error: unknown): boolean {
  return error instanceof Error && /PROTOCOL_TIMEOUT/.test(error.message);
}

/**
 * A run measured by `measure`, made again while Lighthouse finds the host underpowered or the
 * host stalled before the page was measured (Chrome's protocol timed out), at most `retries`
 * times; the last one counts, and a last stall is thrown. `remade` says how many times it was
 * made again. A page that is measured is never made again for its scores.
 */
export async function remakeWhileUnderpowered<T extends Pick<Run, 'host'>>(
  measure: () => Promise<T>,
  retries = 2,
): Promise<T & { remade: number }> {
  let remade = 0;
  const attempt = async (): Promise<T> => {
    for (;;) {
      try {
        return await measure();
      } catch (error) {
        if (!hostStalled(error) || remade >= retries) throw error;
        remade++;
      }
    }
  };
  let run = await attempt();
  while (underpowered(run) && remade < retries) {
    run = await attempt();
    remade++;
  }
  return { ...run, remade };
}

/** The run with the median performance score (of an even number, the better of the middle two). */
export function medianRun<T extends Run>(runs: T[]): T {
  if (runs.length === 0) throw new Error('no run to take the median of');
  const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return byScore[Math.floor(byScore.length / 2)];
}

/** Why a page fails the gate, one line per reason; empty when it passes. */
export function gateFailures(runs: Run[]): string[] {
  const kept = medianRun(runs);
  const failures = CATEGORIES.filter((c) => kept.scores[c] < MINIMUM_SCORE).map((c) =>
    shortOf(kept, c),
  );
  const lcp = median(runs.map((r) => r.lcp));
  if (!(lcp <= MAX_LCP_MS))
    failures.push(
      `largest contentful paint ${(lcp / 1000).toFixed(2)} s (median) > ${MAX_LCP_MS / 1000} s`,
    );
  return failures;
}

/** "performance 99 < 100: total-blocking-time (120 ms)": a score, the line and what cost it. */
function shortOf(run: Run, category: Category): string {
  return `${category} ${run.scores[category]} < ${MINIMUM_SCORE}: ${run.losing[category].join(', ') || 'see report'}`;
}
