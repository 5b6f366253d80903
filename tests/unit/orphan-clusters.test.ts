import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepOrphanClusters } from '../../supabase/local/postgres.ts';

/**
 * A throw-away cluster's folder outlives a process killed by a signal (`vite preview` stopped by
 * the end-to-end suite): the next throw-away cluster deletes such orphans, and only them.
 */
let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function cluster(name: string, owner?: number, ageMs = 0) {
  const dir = path.join(folder, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  if (owner !== undefined)
    writeFileSync(path.join(dir, 'booster-cluster.json'), JSON.stringify({ owner }));
  if (ageMs) {
    const then = new Date(Date.now() - ageMs);
    utimesSync(dir, then, then);
  }
  return dir;
}

describe('sweepOrphanClusters', () => {
  it('deletes the clusters of processes that are gone, keeps the others', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'sweep-test-'));
    const gonePid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
      .stdout.toString()
      .trim();
    const orphan = cluster('booster-pg-orphan', Number(gonePid));
    const mine = cluster('booster-pg-mine', process.pid);
    const starting = cluster('booster-pg-starting');
    const abandoned = cluster('booster-pg-abandoned', undefined, 2 * 60 * 60 * 1000);
    const other = cluster('someone-else', Number(gonePid));

    const swept = await sweepOrphanClusters(folder);

    expect(swept.sort()).toEqual([abandoned, orphan].sort());
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(starting)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
