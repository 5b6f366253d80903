/**
 * `npm run db:checksums` — adds the checksum of each new migration to
 * supabase/migrations.sha256. It never rewrites a line: a migration that has landed is frozen
 * (docs/decisions/006-forward-only-migrations.md), and a changed one is reported, not accepted.
 * The file is in `sha256sum` format: `cd supabase/migrations && sha256sum -c ../migrations.sha256`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const migrationsDir = path.join(root, 'supabase', 'migrations');
export const checksumFile = path.join(root, 'supabase', 'migrations.sha256');

export type ChecksumReport = {
  /** Listed migrations whose content changed since they were recorded. */
  changed: string[];
  /** Listed migrations that are gone. */
  missing: string[];
  /** Migration files not listed yet. */
  unlisted: string[];
};

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export async function readChecksums(file = checksumFile): Promise<Map<string, string>> {
  const listed = new Map<string, string>();
  if (!existsSync(file)) return listed;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+\.sql)$/.exec(line.trim());
    if (match) listed.set(match[2], match[1]);
  }
  return listed;
}

export async function checkMigrations(
  dir = migrationsDir,
  sums = checksumFile,
): Promise<ChecksumReport> {
  const listed = await readChecksums(sums);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const report: ChecksumReport = { changed: [], missing: [], unlisted: [] };
  for (const file of files) {
    const expected = listed.get(file);
    if (!expected) report.unlisted.push(file);
    else if (expected !== sha256(await readFile(path.join(dir, file), 'utf8'))) {
      report.changed.push(file);
    }
  }
  report.missing = [...listed.keys()].filter((f) => !files.includes(f));
  return report;
}

async function main(): Promise<void> {
  const report = await checkMigrations();
  if (report.changed.length || report.missing.length) {
    console.error(
      [
        ...report.changed.map((f) => `Changed after it landed: supabase/migrations/${f}`),
        ...report.missing.map((f) => `Removed after it landed: supabase/migrations/${f}`),
        'Migrations are forward-only: restore it and put the change in a new migration.',
      ].join('\n'),
    );
    process.exit(1);
  }
  for (const file of report.unlisted) {
    const sum = sha256(await readFile(path.join(migrationsDir, file), 'utf8'));
    await appendFile(checksumFile, `${sum}  ${file}\n`);
    console.info(`Recorded ${file}`);
  }
  if (report.unlisted.length === 0) console.info('Every migration is recorded and unchanged.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
