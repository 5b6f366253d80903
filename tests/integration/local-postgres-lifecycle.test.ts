import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocalDatabase } from '../../supabase/local/database.ts';
import { isAlive } from '../../supabase/local/postgres.ts';

/**
 * `npm run dev` keeps its cluster in a folder across restarts: it must come back after a crash
 * (the Node process killed, its server orphaned or gone) and keep the data.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = await mkdtemp(path.join(tmpdir(), 'booster-lifecycle-'));
// The server runs as the `postgres` system user when the tests run as root: it must reach in.
await chmod(scratch, 0o755);
afterAll(() => rm(scratch, { recursive: true, force: true }));

const pidOf = async (dataDir: string) =>
  Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
const alive = isAlive;

describe('a persistent local cluster', () => {
  it('keeps its data, and starts again after its server crashed', async () => {
    const dataDir = path.join(scratch, 'crashed');
    const first = await openLocalDatabase({ dataDir, seed: true });
    expect(first.server.created).toBe(true);
    await first.admin.query(`update contest_settings set max_participants = 1234`);
    const pid = await pidOf(dataDir);
    await first.api.end();
    await first.admin.end();
    // The server dies without cleaning up: postmaster.pid stays behind.
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true);

    const again = await openLocalDatabase({ dataDir, seed: true });
    try {
      expect(again.server.created).toBe(false);
      const { rows } = await again.admin.query('select max_participants from contest_settings');
      expect(rows[0].max_participants).toBe(1234);
      const { rows: seeded } = await again.admin.query(
        'select count(*)::int n from participants where deleted_at is null',
      );
      expect(seeded[0].n).toBe(80);
    } finally {
      await again.close();
    }
  });

  it('shuts down a server orphaned by a killed dev process, then starts', async () => {
    const dataDir = path.join(scratch, 'orphan');
    // A separate Node process opens the cluster and is killed before it can stop it.
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        '-e',
        `import('${path.join(root, 'supabase/local/database.ts')}').then(async (m) => {
           await m.openLocalDatabase({ dataDir: ${JSON.stringify(dataDir)} });
           console.log('ready');
         });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', () => reject(new Error('the child process ended before it was ready')));
    });
    const orphan = await pidOf(dataDir);
    // The process that opened it (tsx runs the code in a child of its own) dies at once.
    const { owner } = JSON.parse(
      await readFile(path.join(dataDir, 'booster-cluster.json'), 'utf8'),
    ) as { owner: number };
    process.kill(owner, 'SIGKILL');
    child.kill('SIGKILL');
    await expect.poll(() => alive(owner)).toBe(false);
    expect(alive(orphan)).toBe(true);

    const db = await openLocalDatabase({ dataDir });
    try {
      expect(alive(orphan)).toBe(false);
      const { rows } = await db.admin.query(`select current_setting('server_version_num')::int v`);
      expect(rows[0].v).toBeGreaterThanOrEqual(170000);
    } finally {
      await db.close();
    }
  });

  it('refuses a folder that a live process is using', async () => {
    const dataDir = path.join(scratch, 'busy');
    const db = await openLocalDatabase({ dataDir });
    try {
      const marker = path.join(dataDir, 'booster-cluster.json');
      // Pretend another live process (this test runner's parent) owns it.
      const info = JSON.parse(await readFile(marker, 'utf8')) as Record<string, unknown>;
      await writeFile(marker, JSON.stringify({ ...info, owner: process.ppid }));
      await expect(openLocalDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
    } finally {
      await db.close();
    }
  });
});
