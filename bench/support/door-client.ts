/**
 * The door scans of the door bench (bench/door.ts), sent from a child process (this file, forked
 * with `--door-client`), so the server's event loop does not also run the clients' (see
 * bench/support/rush-client.ts): one keep-alive socket per door, each door one scan at a time.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { post, runInChild, serveInChild } from './child-client';

/** Every this many scans a door also refreshes its live count (rpc/door_count). */
const COUNT_EVERY = 25;
const CLIENT_FLAG = '--door-client';
const TIMEOUT_MS = 300_000;

type Scan = { door: number; code: string };
export type ScanJob = { baseUrl: string; anonKey: string; tokens: string[]; scans: Scan[] };
type ScanOutcome = { ms: number; status: number; verdict: string };
export type ScanResult = { scans: ScanOutcome[]; counts: ScanOutcome[]; wallMs: number };

/** Run the scans from a child process and return what each got. */
export function runScans(job: ScanJob): Promise<ScanResult> {
  return runInChild(import.meta.url, CLIENT_FLAG, job, 'the door scans', TIMEOUT_MS);
}

/** The child: one keep-alive socket per door, each door scanning its share one at a time. */
async function clientMain(job: ScanJob): Promise<ScanResult> {
  const doors = job.tokens.length;
  const agent = new Agent({ keepAlive: true, maxSockets: doors, maxFreeSockets: doors });
  const headers = (door: number) => ({
    apikey: job.anonKey,
    authorization: `Bearer ${job.tokens[door]}`,
    'content-type': 'application/json',
  });
  // One warm-up call per door: sockets open, the role's first query planned.
  await Promise.all(
    job.tokens.map((_, d) =>
      post(agent, new URL('/rest/v1/rpc/door_count', job.baseUrl), headers(d), '{}'),
    ),
  );
  const queues = Array.from({ length: doors }, (): Scan[] => []);
  for (const s of job.scans) queues[s.door].push(s);
  const scans: ScanOutcome[] = [];
  const counts: ScanOutcome[] = [];
  const start = performance.now();
  await Promise.all(
    queues.map(async (queue, door) => {
      for (const [i, scan] of queue.entries()) {
        const t = performance.now();
        const reply = await post(
          agent,
          new URL('/rest/v1/rpc/check_in', job.baseUrl),
          headers(door),
          JSON.stringify({ code: scan.code, door: `Porte ${door + 1}`, scan_id: randomUUID() }),
        );
        let verdict = `HTTP ${reply.status}`;
        if (reply.status === 200) {
          verdict = (JSON.parse(reply.body) as { verdict: string }).verdict;
        }
        scans.push({ ms: performance.now() - t, status: reply.status, verdict });
        if ((i + 1) % COUNT_EVERY === 0) {
          const c = performance.now();
          const counted = await post(
            agent,
            new URL('/rest/v1/rpc/door_count', job.baseUrl),
            headers(door),
            '{}',
          );
          counts.push({ ms: performance.now() - c, status: counted.status, verdict: '' });
        }
      }
    }),
  );
  const wallMs = performance.now() - start;
  agent.destroy();
  return { scans, counts, wallMs };
}

serveInChild(CLIENT_FLAG, clientMain);
