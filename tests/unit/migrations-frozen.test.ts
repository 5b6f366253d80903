import { appendFile, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMigrations, checksumFile, migrationsDir } from '../../scripts/migration-checksums';

/**
 * Migrations are forward-only: once one has landed, a hosted project (after `supabase db push`)
 * and every existing .local-db/ have applied it and will never see an edit to it. Each landed
 * migration's checksum is committed in supabase/migrations.sha256.
 */
const scratch = await mkdtemp(path.join(tmpdir(), 'migrations-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('landed migrations', () => {
  it('are all recorded and unchanged', async () => {
    const report = await checkMigrations();
    expect(
      report.changed,
      'A landed migration changed: restore it and put the change in a new migration file',
    ).toEqual([]);
    expect(report.missing, 'A landed migration was removed').toEqual([]);
    expect(
      report.unlisted,
      'New migration: record its checksum with `npm run db:checksums` and commit supabase/migrations.sha256',
    ).toEqual([]);
  });

  it('catch an edit, a removal and an unrecorded file', async () => {
    const dir = path.join(scratch, 'migrations');
    await cp(migrationsDir, dir, { recursive: true });
    const sums = path.join(scratch, 'migrations.sha256');
    await cp(checksumFile, sums);
    const [first, second] = (await readdir(dir)).sort();
    await appendFile(path.join(dir, first), '\n-- one more line\n');
    await rm(path.join(dir, second));
    await writeFile(path.join(dir, '29990101000000_next.sql'), 'select 1;\n');
    expect(await checkMigrations(dir, sums)).toEqual({
      changed: [first],
      missing: [second],
      unlisted: ['29990101000000_next.sql'],
    });
  });
});
