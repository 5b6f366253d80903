/**
 * How long a visitor waits for the proof of work, and what it costs a script, at each difficulty
 * level (`npx tsx bench/pow-solve-time.ts [maxnumber...]`).
 *
 * Debian's Chromium (headless; CHROMIUM_PATH to use another) with the CPU slowed down 4× through
 * the DevTools protocol, as Lighthouse's mobile preset does, solves ALTCHA v1 SHA-256 challenges
 * made in Node by altcha-lib's `createChallenge` (a random secret number each time) at each
 * candidate `maxnumber` (default: the database's levels, 40000 × 4^k for k = 0..3, see
 * docs/decisions/016-trusted-address-and-proof-of-work.md), three ways:
 * - "app (worker)": the site's own src/lib/proof-of-work.ts, bundled by Vite with its worker,
 *   from `startProofOfWork()` to `solution()`: fetching the challenge, starting the worker,
 *   solving. That is what a form waits for at worst (it starts when the form is shown).
 * - "main thread": altcha-lib's `solveChallenge` on the page's main thread (the module's fallback
 *   without Worker). DevTools' CPU throttling slows the page's main thread fully, a dedicated
 *   worker only in part (Chromium 156 here: ~1.5× instead of 4×; unthrottled, both ways cost
 *   the same per hash), so this line is the faithful reading of "a phone 4× slower than this
 *   machine", for the worker too.
 * - "node (script)": a plain synchronous loop over node:crypto's SHA-256 in this Node process,
 *   unthrottled: what a script pays per write on this machine (altcha-lib's own solver awaits
 *   WebCrypto for every hash, several times slower; a script would not use it).
 * POW_WAYS (comma-separated: worker, main, node) picks the ways; all three by default.
 * Every solution is checked with altcha-lib's `verifySolution`.
 *
 * Prints per candidate and way: median, p95 and max solve time in ms, and the cost of one hash
 * (the time divided by the secret number, which is uniform in 1..maxnumber: the median wait is
 * about maxnumber / 2 hashes). Everything stays on 127.0.0.1 (a throwaway HTTP server serves the
 * page and the challenges); the run is bounded (POW_SAMPLES per candidate and way at 40000,
 * default 30, fewer for harder candidates so each line costs about the same, at least 3; a solve
 * over 4 min or a whole run over POW_RUN_MINUTES, default 30, stops it) and cleans up after
 * itself.
 * POW_CPU_RATE changes the slowdown (1 to compare with an unthrottled run).
 */
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import { buildHarness, serve } from './support/pow-harness.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU_RATE = Number(process.env.POW_CPU_RATE ?? 4);
const SAMPLES = Number(process.env.POW_SAMPLES ?? 30);
const CANDIDATES = process.argv.slice(2).map(Number);
/** The database's default levels: pow_max_number × pow_level_factor ^ k, k = 0..pow_max_level. */
const LEVELS = [0, 1, 2, 3].map((k) => 40_000 * 4 ** k);
if (CANDIDATES.length === 0) CANDIDATES.push(...LEVELS);
const SOLVE_TIMEOUT_MS = 240_000;
const RUN_DEADLINE = Date.now() + Number(process.env.POW_RUN_MINUTES ?? 30) * 60_000;
/** Samples for one line: SAMPLES at 40000, proportionally fewer above (at least 3). */
const samplesFor = (maxnumber: number) =>
  Math.max(3, Math.min(SAMPLES, Math.round((SAMPLES * 40_000) / maxnumber)));
const TARGET_MEDIAN_MS = 1_500;
const HMAC_KEY = randomBytes(32).toString('hex');

if (!CANDIDATES.every((n) => Number.isInteger(n) && n > 0) || !(SAMPLES > 0) || !(CPU_RATE >= 1)) {
  console.error('Usage: npx tsx bench/pow-solve-time.ts [maxnumber...] (positive integers)');
  process.exit(2);
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: over ${SOLVE_TIMEOUT_MS} ms`)),
      SOLVE_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Way = 'app (worker)' | 'main thread' | 'node (script)';
const WAY_NAMES: Record<string, Way> = {
  worker: 'app (worker)',
  main: 'main thread',
  node: 'node (script)',
};
const WAYS = (process.env.POW_WAYS ?? 'worker,main,node').split(',').map((w) => {
  const way = WAY_NAMES[w.trim()];
  if (!way) throw new Error(`POW_WAYS: unknown way ${w} (worker, main, node)`);
  return way;
});
type Sample = { ms: number; number: number };

/** One solve of a fresh challenge; throws when the page's answer does not verify. */
async function solveOnce(
  page: Page,
  way: Way,
  maxnumber: number,
  setNext: (c: Challenge) => void,
): Promise<Sample> {
  const challenge = await createChallenge({
    hmacKey: HMAC_KEY,
    maxnumber,
    expires: new Date(Date.now() + 10 * 60_000),
  });
  if (way === 'node (script)') {
    const t0 = performance.now();
    let number = -1;
    for (let n = 0; n <= maxnumber; n++) {
      const hash = createHash('sha256')
        .update(challenge.salt + n)
        .digest('hex');
      if (hash === challenge.challenge) {
        number = n;
        break;
      }
    }
    const ms = performance.now() - t0;
    const payload = btoa(JSON.stringify({ ...challenge, number }));
    if (number < 0 || !(await verifySolution(payload, HMAC_KEY))) {
      throw new Error(`${way}: no solution`);
    }
    return { ms, number };
  }
  if (way === 'app (worker)') {
    setNext(challenge);
    const { ms, payload } = await withTimeout(
      page.evaluate(() => (window as unknown as PowWindow).powApp()),
      way,
    );
    if (!(await verifySolution(payload, HMAC_KEY))) throw new Error(`${way}: invalid pow`);
    const decoded = JSON.parse(atob(payload)) as { challenge: string; number: number };
    if (decoded.challenge !== challenge.challenge) throw new Error(`${way}: unexpected challenge`);
    return { ms, number: decoded.number };
  }
  const { ms, number } = await withTimeout(
    page.evaluate((c) => (window as unknown as PowWindow).powMain(c), challenge),
    way,
  );
  const payload = btoa(JSON.stringify({ ...challenge, number }));
  if (number === null || !(await verifySolution(payload, HMAC_KEY))) {
    throw new Error(`${way}: wrong number ${number}`);
  }
  return { ms, number };
}

type PowWindow = {
  powApp(): Promise<{ ms: number; payload: string }>;
  powMain(c: Challenge): Promise<{ ms: number; number: number | null }>;
};

/** Nearest-rank percentile. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

type Row = { maxnumber: number; way: Way; samples: Sample[] };

/** Sampled median, and the median predicted from the cost of one hash (maxnumber / 2 hashes). */
function medians({ maxnumber, samples }: Row): {
  sampled: number;
  usPerHash: number;
  estimated: number;
} {
  const sampled = percentile(
    samples.map((s) => s.ms).sort((a, b) => a - b),
    50,
  );
  // Time per hash: the steadier figure, as the secret number varies from one sample to the next.
  const usPerHash =
    percentile(
      samples.map((s) => s.ms / s.number).sort((a, b) => a - b),
      50,
    ) * 1000;
  return { sampled, usPerHash, estimated: (usPerHash * maxnumber) / 2 / 1000 };
}

function printTable(rows: Row[]) {
  const header = [
    'level',
    'maxnumber',
    'way',
    'n',
    'median ms',
    'p95 ms',
    'max ms',
    'µs/hash',
    'est. median ms',
  ];
  const lines = rows.map((row) => {
    const { maxnumber, way, samples } = row;
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const { sampled, usPerHash, estimated } = medians(row);
    const level = LEVELS.indexOf(maxnumber);
    return [
      level < 0 ? '-' : String(level),
      String(maxnumber),
      way,
      String(samples.length),
      sampled.toFixed(0),
      percentile(times, 95).toFixed(0),
      (times.at(-1) ?? NaN).toFixed(0),
      usPerHash.toFixed(1),
      estimated.toFixed(0),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** The challenge the server hands out next: one per sample, a second request is an error. */
let prepared: Challenge | null = null;
const prepare = (c: Challenge) => {
  prepared = c;
};

const dir = mkdtempSync(join(tmpdir(), 'pow-solve-time-'));
let server: Server | undefined;
let browser: Browser | undefined;
const rows: Row[] = [];
let stoppedEarly = '';
try {
  server = await serve(await buildHarness(dir), () => {
    const c = prepared;
    prepared = null;
    return c;
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server without a port');
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage();
  // Only 127.0.0.1: anything else is refused rather than fetched.
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(`http://127.0.0.1:${address.port}/`);
  await page.waitForFunction(() => 'powApp' in window && 'powMain' in window);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  console.log(
    `Chromium ${browser.version()}, CPU slowdown ${CPU_RATE}×, ${SAMPLES} challenges per line, SHA-256.`,
  );

  // Warm-up (JIT, worker script in the HTTP cache), not counted.
  await solveOnce(page, 'app (worker)', 1_000, prepare);
  await solveOnce(page, 'main thread', 1_000, prepare);

  outer: for (const maxnumber of CANDIDATES) {
    for (const way of WAYS) {
      const row: Row = { maxnumber, way, samples: [] };
      rows.push(row);
      for (let i = 0; i < samplesFor(maxnumber); i++) {
        if (Date.now() > RUN_DEADLINE) {
          stoppedEarly = 'the 15-minute bound of the run was reached';
          break outer;
        }
        row.samples.push(await solveOnce(page, way, maxnumber, prepare));
      }
      process.stderr.write(`  ${maxnumber} ${way}: done\n`);
    }
  }
} finally {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
}

printTable(rows.filter((r) => r.samples.length > 0));
if (stoppedEarly) console.log(`Stopped early: ${stoppedEarly}.`);
// A candidate fits when, both browser ways, the sampled median and the one predicted from the
// cost of a hash are within the target: the slowest reading decides.
const complete = (maxnumber: number) =>
  rows.filter(
    (r) =>
      r.maxnumber === maxnumber &&
      r.way !== 'node (script)' &&
      r.samples.length === samplesFor(maxnumber),
  );
const fitting = CANDIDATES.filter(
  (n) =>
    complete(n).length === 2 &&
    complete(n).every(
      (r) => Math.max(medians(r).sampled, medians(r).estimated) <= TARGET_MEDIAN_MS,
    ),
);
const best = Math.max(...fitting);
console.log(
  fitting.length > 0
    ? `Largest candidate whose median (sampled and estimated, both ways) is ≤ ${TARGET_MEDIAN_MS} ms: maxnumber ${best}.`
    : `No candidate has a median ≤ ${TARGET_MEDIAN_MS} ms both ways.`,
);
