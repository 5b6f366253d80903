/**
 * The opening rush of `npm run bench`: many anonymous visitors submitting at the same moment,
 * through the HTTP layer of the local backend.
 *
 * The requests are fired from a child process (this file, forked with `--rush-client`): the
 * server runs on the benchmark's event loop, and 200 clients' callbacks on that same loop would
 * both slow the server down and delay the clients' own clocks. The child sends every request at
 * once over an http.Agent that holds one keep-alive socket per request, opened beforehand, so
 * the requests overlap on the wire instead of waiting for a socket or a TCP handshake.
 *
 * Every public write carries a proof-of-work solution (supabase/migrations/
 * 20251122150000_abuse_resistance.sql). The rush must time the database and the HTTP layer, not
 * the solving, so `solveProofsOfWork` solves one challenge per request beforehand, in worker
 * threads of the benchmark's process, and the requests go out with their solution already in.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** One request of a rush; `id` is the row's id, chosen by the client as the app does. */
export type RushRequest = { id: string; path: string; body: string };

export type RushOutcome = {
  id: string;
  status: number;
  /** From the request's start to the end of its response, in ms. */
  ms: number;
  /** PostgREST's error (code, hint, message) when refused; '' when accepted. */
  error: string;
};

export type RushResult = {
  outcomes: RushOutcome[];
  /** From the first request's start to the last response's end, in ms. */
  wallMs: number;
};

type ClientJob = { baseUrl: string; anonKey: string; requests: RushRequest[] };

const CLIENT_FLAG = '--rush-client';
/** A rush that has not finished after this long is stuck: the benchmark must stop anyway. */
const RUSH_TIMEOUT_MS = 120_000;

/** Run one rush from a child process and return what every request got. */
export function runRush(job: ClientJob): Promise<RushResult> {
  return new Promise((resolve, reject) => {
    // The child inherits process.execArgv, so it runs under tsx like the benchmark itself.
    const child = fork(fileURLToPath(import.meta.url), [CLIENT_FLAG], { stdio: 'inherit' });
    let settled = false;
    const timer = setTimeout(() => {
      finish(new Error(`the rush did not finish within ${RUSH_TIMEOUT_MS / 1000} s`));
      child.kill();
    }, RUSH_TIMEOUT_MS);
    const finish = (error: Error | null, result?: RushResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result as RushResult);
    };
    child.once('message', (message) => finish(null, message as RushResult));
    child.once('error', (error) => finish(error));
    child.once('exit', (code) => finish(new Error(`the rush client exited (${code}) early`)));
    child.send(job);
  });
}

type Reply = { status: number; body: string };

function send(
  agent: Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function describeError(reply: Reply): string {
  try {
    const e = JSON.parse(reply.body) as { code?: string; hint?: string; message?: string };
    return [e.code, e.hint, e.message].filter(Boolean).join(' ');
  } catch {
    return `HTTP ${reply.status} ${reply.body.slice(0, 120)}`;
  }
}

async function clientMain(job: ClientJob): Promise<RushResult> {
  const n = job.requests.length;
  const agent = new Agent({ keepAlive: true, maxSockets: n, maxFreeSockets: n });
  // Open the n sockets first with a request the server answers without the database (a path
  // outside the API), so the rush below measures the requests, not n TCP handshakes.
  await Promise.all(
    Array.from({ length: n }, () => send(agent, new URL('/bench-warm-up', job.baseUrl), 'GET', {})),
  );
  const headers = {
    apikey: job.anonKey,
    authorization: `Bearer ${job.anonKey}`,
    'content-type': 'application/json',
    'x-client-info': 'booster-bench-rush',
  };
  const start = performance.now();
  const outcomes = await Promise.all(
    job.requests.map(async (r): Promise<RushOutcome> => {
      const t = performance.now();
      try {
        const reply = await send(agent, new URL(r.path, job.baseUrl), 'POST', headers, r.body);
        const ok = reply.status >= 200 && reply.status < 300;
        return {
          id: r.id,
          status: reply.status,
          ms: performance.now() - t,
          error: ok ? '' : describeError(reply),
        };
      } catch (error) {
        return { id: r.id, status: 0, ms: performance.now() - t, error: String(error) };
      }
    }),
  );
  const wallMs = performance.now() - start;
  agent.destroy();
  return { outcomes, wallMs };
}

if (process.argv.includes(CLIENT_FLAG)) {
  process.once('message', (job) => {
    clientMain(job as ClientJob).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

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

/** Nearest-rank percentile of ascending `sorted` (q in 0..1). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
