/**
 * The night rehearsal itself (`npm run bench:night`, bench/night/run.ts; the smoke test runs it
 * small): a throw-away PostgreSQL 17 cluster in a folder of its own (so it can be stopped and
 * started again on the same port: the cut), the local HTTP layer with the send-messages function
 * on the mock provider, the night's data (./seed.ts), the clients in a child process
 * (./clients.ts), PostgreSQL stopped for cutSeconds at cutAt, then the outbox drained and the
 * invariants checked in SQL (./invariants.ts). docs/decisions/050-the-night-with-a-cut.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/constants.ts';
import { openLocalDatabase } from '../../supabase/local/database.ts';
import { startPostgres, type PostgresServer } from '../../supabase/local/postgres.ts';
import { startServer } from '../../supabase/local/server.ts';
import { startProviderMock } from '../../tests/setup/provider-mock.ts';
import { runClients, type ClientsResult } from './clients.ts';
import { checkInvariants, type Invariant } from './invariants.ts';
import {
  sampleLoop,
  sampleServer,
  timeCalls,
  type LoopSample,
  type PgSample,
  type PoolSample,
} from './probe.ts';
import { doorScans, seedNight } from './seed.ts';
import type { NightScale } from './settings.ts';

export type Rehearsal = {
  clients: ClientsResult;
  invariants: Invariant[];
  /** Epoch ms [stopped, accepting connections again], or null without a cut. */
  cut: [number, number] | null;
  /** The 1-minute load average sampled every 5 s during the clients. */
  load: number[];
  cpus: number;
  drainSeconds: number;
  stats: { calls: number; totalMs: number; name: string }[];
  /** The server's process (the local API, the functions, the mock provider): ./probe.ts. */
  serverLoop: LoopSample[];
  pool: PoolSample[];
  sessions: PgSample[];
  /** cast_vote as the local API saw it: [epoch ms it arrived, ms to its answer]. */
  serverVotes: [number, number][];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Arrivals spread over the lanes at the lanes' pace; a tenth scanned again at another lane. */
function plan(s: NightScale, codes: string[], arrivals: number) {
  const every = 60 / s.scansPerMinute;
  const lanes: { index: number; scans: [number, string][] }[] = Array.from(
    { length: s.lanes },
    (_, index) => ({ index, scans: [] }),
  );
  const total = doorScans(s);
  let next = 0;
  for (let k = 0; k < total; k++) {
    const lane = k % s.lanes;
    const at = Math.floor(k / s.lanes) * every + (lane / s.lanes) * every;
    // Every tenth scan is a pass that already came through another lane (a copied pass).
    const code = k % 10 === 9 && next > s.lanes ? codes[Math.floor(Math.random() * next)] : null;
    lanes[lane].scans.push([at, code ?? codes[next++ % arrivals]]);
  }
  return lanes;
}

export async function rehearse(s: NightScale, out: (t?: string) => void): Promise<Rehearsal> {
  const began = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'booster-night-'));
  let server: PostgresServer | undefined;
  const db = await openLocalDatabase({
    dataDir,
    durable: false,
    // NIGHT_POOL: the API pool's size for this run, 20 as the local API's (the capacity page
    // compares 20, 40 and 80: docs/measurements/night-capacity.md).
    poolSize: Number(process.env.NIGHT_POOL ?? 20),
  });
  server = db.server;
  const mock = await startProviderMock();
  const api = await startServer({
    db,
    host: '127.0.0.1',
    port: 0,
    functions: {
      env: {
        ...mock.env(),
        SMS_PER_SECOND: String(s.smsPerSecond),
        SEND_MESSAGES_BATCH: '200',
        SEND_MESSAGES_CONCURRENCY: '8',
        SEND_MESSAGES_BUDGET_MS: String(Math.max(3000, (s.outboxEvery - 2) * 1000)),
      },
      log: () => undefined,
    },
  });
  try {
    // Per-function time in the database (pg_stat_user_functions), for the capacity page.
    await db.admin.query(`alter database ${db.name} set track_functions = 'all'`);
    out(
      `  PostgreSQL 17 on port ${server.port}, API on ${api.url}, pool of ${process.env.NIGHT_POOL ?? 20} connections`,
    );
    const seed = await seedNight(db.admin, api.url, s);
    out(
      `  ${s.passes} confirmed passes (${seed.arrivals} arriving tonight), ${s.waitlisted} on the ` +
        `waitlist, ${s.cancels} who cancel; ${seed.remindersQueued} reminders queued`,
    );
    const lanes = plan(s, seed.codes, seed.arrivals).map((l) => ({
      ...l,
      token: seed.doorTokens[l.index],
      offline:
        l.index >= s.lanes - s.offlineLanes
          ? ([s.offlineAt, s.offlineAt + s.offlineSeconds] as [number, number])
          : null,
    }));
    const voterCodes = seed.codes.slice(seed.arrivals);
    const pick = () => seed.candidateIds[Math.floor(Math.random() * seed.candidateIds.length)];
    const voters = voterCodes.map((code, i) => {
      const at = s.voteAt + 1 + Math.random() * (s.voteSeconds - 1);
      const first = pick();
      const taps: [number, string][] = [[at, first]];
      if (i % 10 === 0) {
        const other = seed.candidateIds.find((c) => c !== first) ?? first;
        taps.push([at + 2 + Math.random() * 8, other]);
      }
      return { code, taps };
    });
    const start = Date.now() + 4000;
    const load: number[] = [];
    const sampler = setInterval(() => load.push(loadavg()[0]), 5000);
    const serverLoop = sampleLoop();
    const serverProbe = sampleServer(db.api, db.admin);
    const serverVotes = timeCalls(api.server, '/rest/v1/rpc/cast_vote');
    let cut: [number, number] | null = null;
    const cutting = (async () => {
      if (!s.cutSeconds) return;
      await sleep(start + s.cutAt * 1000 - Date.now());
      const stopped = Date.now();
      out(`  ${new Date().toISOString()} PostgreSQL stopped (fast shutdown)`);
      await server!.stop();
      await sleep(s.cutSeconds * 1000 - (Date.now() - stopped));
      server = await startPostgres({ dataDir, port: db.server.port, durable: false });
      cut = [stopped, Date.now()];
      out(`  ${new Date().toISOString()} PostgreSQL accepting connections again`);
    })();
    const clients = await runClients({
      baseUrl: api.url,
      anonKey: ANON_KEY,
      serviceKey: SERVICE_ROLE_KEY,
      start,
      scale: s,
      pollCodes: seed.codes,
      lanes,
      entered: seed.codes.slice(seed.arrivals),
      voters,
      cancelCodes: seed.cancelCodes,
      roundId: seed.roundId,
      regieToken: seed.regieToken,
      adminTokens: seed.adminTokens,
    });
    clearInterval(sampler);
    const probed = {
      serverLoop: serverLoop.stop(),
      ...serverProbe.stop(),
      serverVotes: serverVotes.stop(),
    };
    await cutting;
    // The outbox drained to the end, as the schedule would (a minute at a time).
    const t = Date.now();
    // Bounded: the whole run stops within 5 minutes; what is still queued then stays queued.
    for (let i = 0; i < 40 && Date.now() < began + 285_000; i++) {
      const { rows } = await db.admin.query<{ n: number }>(
        `select count(*)::int n from public.outbox where state = 'queued'`,
      );
      if (rows[0].n === 0) break;
      await fetch(`${api.url}/functions/v1/send-messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      await sleep(1000);
    }
    const drainSeconds = (Date.now() - t) / 1000;
    const { rows: stats } = await db.admin.query<{ name: string; calls: number; totalMs: number }>(
      `select funcname name, calls::int, total_time "totalMs" from pg_stat_user_functions
        where schemaname = 'public' order by total_time desc`,
    );
    const invariants = await checkInvariants(db.admin, {
      codes: seed.codes,
      roundId: seed.roundId,
      voters: clients.voters,
      doubleEntriesAnswered: clients.lanes.reduce(
        (n, l) => n + (l.syncVerdicts.double_entry ?? 0),
        0,
      ),
      scansLeftQueued: clients.lanes.reduce((n, l) => n + l.leftQueued, 0),
      providerMessages: mock.received,
      cancelled: clients.cancelled,
      roundOpened: clients.roundOpened,
    });
    return {
      clients,
      invariants,
      cut,
      load,
      cpus: availableParallelism(),
      drainSeconds,
      stats,
      ...probed,
    };
  } finally {
    await api.close();
    await mock.close();
    await Promise.all([db.api.end(), db.admin.end()]).catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}
