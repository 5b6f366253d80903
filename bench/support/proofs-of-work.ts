/**
 * Every public write carries a proof-of-work solution (supabase/migrations/
 * 20251122150000_abuse_resistance.sql). A rush (bench/rush.ts) must time the database and the
 * HTTP layer, not the solving, so `solveProofsOfWork` solves one challenge per request
 * beforehand, in worker threads of the benchmark's process, and the requests go out with their
 * solution already in.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** A challenge as `rpc/pow_challenge` hands it out (ALTCHA v1). */
type PowChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

export type SolvedProofs = {
  /** One `pow` field per request: base64 of the ALTCHA payload, each usable once. */
  pows: string[];
  /** The challenges' maxnumber (the difficulty the database asked for). */
  maxnumber: number;
  threads: number;
  /** Fetching the challenges from the API, in ms. */
  fetchMs: number;
  /** From the first challenge fetched to the last solution, in ms. */
  totalMs: number;
  /** Each solution's own time in its worker thread, ascending, in ms. */
  solveMs: number[];
};

/** Challenges fetched at once from the API (the server answers them in a few ms each). */
const CHALLENGE_FETCHES_AT_ONCE = 10;

/**
 * The worker: altcha-lib's own solver (the one the site's worker runs), one challenge per
 * message, timed from the call to the solution. Plain CommonJS evaluated as is, so it does not
 * depend on the TypeScript loader; altcha-lib's ES module is imported by its resolved URL.
 */
const SOLVER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const lib = import(workerData.altchaUrl);
parentPort.on('message', async ({ index, challenge }) => {
  try {
    const { solveChallenge } = await lib;
    const t = performance.now();
    const solved = await solveChallenge(
      challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber,
    ).promise;
    parentPort.postMessage({ index, number: solved ? solved.number : null, ms: performance.now() - t });
  } catch (error) {
    parentPort.postMessage({ index, number: null, ms: 0, error: String(error) });
  }
});
`;

type Solved = { index: number; number: number | null; ms: number; error?: string };

/**
 * Fetch `count` challenges from `rpc/pow_challenge` as an anonymous visitor and solve them with
 * altcha-lib's `solveChallenge` on `threads` worker threads (each thread one challenge at a
 * time, so each solution's time is that of a visitor's solver in Node, not shared with another
 * solve). Throws when a challenge cannot be fetched or solved.
 */
export async function solveProofsOfWork(options: {
  baseUrl: string;
  anonKey: string;
  count: number;
  threads: number;
}): Promise<SolvedProofs> {
  const { baseUrl, anonKey, count } = options;
  const threads = Math.max(1, Math.min(options.threads, count));
  const start = performance.now();
  const challenges: PowChallenge[] = [];
  const fetchOne = async (): Promise<PowChallenge> => {
    const response = await fetch(new URL('/rest/v1/rpc/pow_challenge', baseUrl), {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    if (!response.ok) {
      throw new Error(`pow_challenge answered ${response.status}: ${await response.text()}`);
    }
    return (await response.json()) as PowChallenge;
  };
  while (challenges.length < count) {
    const batch = Math.min(CHALLENGE_FETCHES_AT_ONCE, count - challenges.length);
    challenges.push(...(await Promise.all(Array.from({ length: batch }, fetchOne))));
  }
  const fetchMs = performance.now() - start;
  if (challenges.some((c) => c.maxnumber !== challenges[0].maxnumber)) {
    throw new Error('pow_challenge changed its difficulty during the batch');
  }

  const workers = Array.from(
    { length: threads },
    () =>
      new Worker(SOLVER_SOURCE, {
        eval: true,
        workerData: { altchaUrl: import.meta.resolve('altcha-lib/v1') },
      }),
  );
  const results: Solved[] = new Array<Solved>(count);
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      // Each thread takes the next challenge as soon as it has answered the previous one.
      const feed = (worker: Worker) => {
        if (next < count) worker.postMessage({ index: next, challenge: challenges[next++] });
      };
      for (const worker of workers) {
        worker.on('message', (solved: Solved) => {
          if (solved.number === null) {
            reject(new Error(`challenge ${solved.index} not solved ${solved.error ?? ''}`.trim()));
            return;
          }
          results[solved.index] = solved;
          if (++done === count) resolve();
          else feed(worker);
        });
        worker.on('error', reject);
        feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const totalMs = performance.now() - start;

  const pows = challenges.map((c, i) =>
    Buffer.from(
      JSON.stringify({
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: results[i].number,
        salt: c.salt,
        signature: c.signature,
      }),
    ).toString('base64'),
  );
  return {
    pows,
    maxnumber: challenges[0]?.maxnumber ?? NaN,
    threads,
    fetchMs,
    totalMs,
    solveMs: results.map((r) => r.ms).sort((a, b) => a - b),
  };
}
