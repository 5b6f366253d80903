import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '@/config/local-backend';
import { DB_HOST, DB_PORT, DEFAULT_PORT } from '../../supabase/local/constants.ts';
import { repoRoot } from '../../supabase/local/paths.ts';
import { chooseApiPort, chooseDatabasePort } from '../../supabase/local/ports.ts';
import { dataFolder, serverUser } from '../../supabase/local/postgres-process.ts';

/**
 * Two checkouts run `npm run backend` side by side (issue 28, "Ports"): while something holds
 * the default ports (54322 for PostgreSQL, 54321 for the API; here a plain listener, as another
 * checkout's backend or dev server would), two backends start, each on free ports it prints,
 * and both answer. Each keeps its data in a folder of its own (LOCAL_DB_DIR), never .local-db/.
 */
type Backend = { child: ChildProcess; api: string; database: string; output: string };
/** Every child started and its data folder, stopped and removed after the test. */
const started: { child: ChildProcess; dataDir: string }[] = [];
const holders: Server[] = [];

/** Listen on host:port if nobody does (someone else holding it is the same situation). */
const hold = (port: number) =>
  new Promise<void>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve());
    server.listen(port, DB_HOST, () => {
      holders.push(server);
      resolve();
    });
  });

async function startBackend(): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'booster-side-by-side-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DB_DIR: dataDir };
  delete env.PORT;
  delete env.LOCAL_DB_PORT;
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['supabase/local/cli.ts', 'serve'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push({ child, dataDir });
  let output = '';
  const backend = await new Promise<Backend>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const api = /API URL: +(http:\/\/\S+)/.exec(output)?.[1];
      const database = /psql (postgresql:\/\/\S+)/.exec(output)?.[1];
      if (api && database) resolve({ child, api, database, output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm run backend exited (${code}):\n${output}`)));
  });
  return backend;
}

afterAll(async () => {
  await Promise.all(
    started.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const { dataDir } of started) {
    await rm(dataFolder(dataDir, serverUser()), { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  await Promise.all(holders.map((server) => new Promise((resolve) => server.close(resolve))));
}, 60_000);

describe('npm run backend, twice, with the default ports taken', () => {
  it('starts both on free ports, prints them, and both answer', async () => {
    await hold(DB_PORT);
    await hold(DEFAULT_PORT);
    const [first, second] = await Promise.all([startBackend(), startBackend()]);

    const ports = [first, second].flatMap((b) => [new URL(b.api).port, new URL(b.database).port]);
    expect(new Set(ports).size, ports.join(', ')).toBe(4);
    expect(ports).not.toContain(String(DB_PORT));
    expect(ports).not.toContain(String(DEFAULT_PORT));
    for (const { output } of [first, second]) {
      expect(output).toContain(`${DB_PORT} was taken`);
      expect(output).toContain(`${DEFAULT_PORT} was taken`);
    }

    for (const backend of [first, second]) {
      const res = await fetch(`${backend.api}/rest/v1/rpc/registration_status`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.status, backend.api).toBe(200);
      const db = new pg.Client({ connectionString: backend.database });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from public.participants',
        );
        expect(rows[0].n, backend.database).toBeGreaterThan(0);
      } finally {
        await db.end();
      }
    }
  }, 240_000);

  it('picks the ports the same way for `npm run dev` (the database) and keeps a named one', async () => {
    await hold(DB_PORT);
    await hold(DEFAULT_PORT);
    const db = await chooseDatabasePort({});
    expect(db.port).not.toBe(DB_PORT);
    expect(db.defaultTaken).toBe(DB_PORT);
    const api = await chooseApiPort({});
    expect(api.port).not.toBe(DEFAULT_PORT);
    // Named in its variable, a port is used as it is, taken or not: the server then says so.
    expect(await chooseDatabasePort({ LOCAL_DB_PORT: '55432' })).toEqual({ port: 55432 });
    expect(await chooseApiPort({ PORT: String(DEFAULT_PORT) })).toEqual({ port: DEFAULT_PORT });
    await expect(chooseDatabasePort({ LOCAL_DB_PORT: 'abc' })).rejects.toThrow('Not a port');
  });
});
