/**
 * What the night rehearsal samples besides the requests (bench/night/run.ts's timeline): in each
 * process (the server's, the clients'), how late its event loop runs and how much of a core it
 * uses; in the server's, the API pool's connections and waiting requests and what PostgreSQL's
 * API sessions are doing (pg_stat_activity). Figures to find a cause with, never a test.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * [epoch ms, event-loop lag ms, share of one core used since the last sample (0..1+), ms spent in
 * garbage collection since the last sample].
 */
export type LoopSample = [number, number, number, number];

/**
 * [epoch ms, pool total, pool idle, requests waiting for a connection, cores the whole machine
 * kept busy since the last sample (from /proc/stat; NaN where there is none)].
 */
export type PoolSample = [number, number, number, number, number];

/** The machine's busy and total CPU time so far (jiffies), or null off Linux. */
function machineTimes(): [number, number] | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return [total - idle, total];
  } catch {
    return null;
  }
}

/**
 * [epoch ms, API sessions active, of them waiting on a lock, idle in a transaction (waiting for
 * the API's next query)].
 */
export type PgSample = [number, number, number, number];

const TICK_MS = 100;

/** Samples this process's loop lag and CPU every 100 ms until `stop()`. */
export function sampleLoop() {
  const samples: LoopSample[] = [];
  let expected = Date.now() + TICK_MS;
  let cpu = process.cpuUsage();
  let at = performance.now();
  let gc = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc += entry.duration;
  });
  collections.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const now = Date.now();
    const used = process.cpuUsage(cpu);
    const elapsed = performance.now() - at;
    samples.push([
      now,
      Math.max(0, now - expected),
      (used.user + used.system) / 1000 / elapsed,
      gc,
    ]);
    gc = 0;
    cpu = process.cpuUsage();
    at = performance.now();
    expected = now + TICK_MS;
  }, TICK_MS);
  return {
    stop: () => {
      clearInterval(timer);
      collections.disconnect();
      return samples;
    },
  };
}

/** The API pool every 100 ms, PostgreSQL's API sessions every 250 ms (on the admin pool). */
export function sampleServer(api: pg.Pool, admin: pg.Pool) {
  const pool: PoolSample[] = [];
  const sessions: PgSample[] = [];
  const cores = availableParallelism();
  let last = machineTimes();
  const poolTimer = setInterval(() => {
    const now = machineTimes();
    const busy =
      now && last && now[1] > last[1] ? ((now[0] - last[0]) / (now[1] - last[1])) * cores : NaN;
    last = now;
    pool.push([Date.now(), api.totalCount, api.idleCount, api.waitingCount, busy]);
  }, TICK_MS);
  let asking = false;
  const pgTimer = setInterval(() => {
    if (asking) return;
    asking = true;
    const at = Date.now();
    admin
      .query<{ active: number; locks: number; idle: number }>(
        `select count(*) filter (where state = 'active')::int active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int locks,
                count(*) filter (where state = 'idle in transaction')::int idle
           from pg_stat_activity where application_name = 'local-postgrest'`,
      )
      .then(({ rows: [r] }) => sessions.push([at, r.active, r.locks, r.idle]))
      .catch(() => undefined)
      .finally(() => (asking = false));
  }, 250);
  return {
    stop: () => {
      clearInterval(poolTimer);
      clearInterval(pgTimer);
      return { pool, sessions };
    },
  };
}

/**
 * Each call to `path` as the server saw it: [epoch ms it arrived, ms until its answer was
 * written]. Beside the clients' own measure, which also counts their process's lateness.
 */
export function timeCalls(server: Server, path: string) {
  const calls: [number, number][] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith(path)) return;
    const arrived = Date.now();
    const t = performance.now();
    res.once('finish', () => calls.push([arrived, performance.now() - t]));
  };
  server.prependListener('request', listener);
  return {
    stop: () => {
      server.off('request', listener);
      return calls;
    },
  };
}
