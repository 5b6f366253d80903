/**
 * Building a database from SQL files on a running cluster, as a Supabase project: what
 * tests/integration/declarative-schema.test.ts compares (docs/decisions/028-declarative-schema.md)
 * and what `npm run db:diff` diffs (docs/decisions/041-generated-migrations.md).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { bootstrapFile, clusterFile, migrationsDir, repoRoot } from './paths.ts';

export const schemasDir = path.join(repoRoot, 'supabase', 'schemas');

/** The `.sql` files of `dir` in the order they are applied (file-name order, as the CLI does). */
async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(dir, file));
}

/** The schema files in the order they are applied (their numeric prefix). */
export const schemaFiles = (dir = schemasDir): Promise<string[]> => sqlFiles(dir);

/** The migrations in the order they are applied (their timestamp). */
export const migrationFiles = (dir = migrationsDir): Promise<string[]> => sqlFiles(dir);

export async function readScripts(files: string[]): Promise<{ label: string; sql: string }[]> {
  return Promise.all(
    files.map(async (file) => ({
      label: path.relative(repoRoot, file),
      sql: await readFile(file, 'utf8'),
    })),
  );
}

/** The cluster-wide roles a Supabase project has (supabase/local/cluster.sql), once per cluster. */
export async function prepareCluster(url: (database: string) => string): Promise<void> {
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    await admin.query(await readFile(clusterFile, 'utf8'));
  } finally {
    await admin.end();
  }
}

/**
 * Build `database` (which must not exist) on the cluster at `url(database, role)` as a Supabase
 * project: supabase/local/bootstrap.sql as the superuser, then either every migration or every
 * schema file as `postgres`, each in its own transaction, as supabase/local/database.ts does.
 */
export async function buildDatabase(
  url: (database: string, role?: string) => string,
  database: string,
  scripts: { label: string; sql: string }[],
): Promise<void> {
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database "${database}" owner postgres`);
  } finally {
    await admin.end();
  }
  const bootstrap = new pg.Client({ connectionString: url(database) });
  await bootstrap.connect();
  try {
    await bootstrap.query(await readFile(bootstrapFile, 'utf8'));
  } finally {
    await bootstrap.end();
  }
  const db = new pg.Client({ connectionString: url(database, 'postgres') });
  await db.connect();
  try {
    for (const script of scripts) {
      await db.query('begin');
      try {
        await db.query(script.sql);
        await db.query('commit');
      } catch (error) {
        await db.query('rollback');
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${script.label}: ${message}`, { cause: error });
      }
      await db.query('reset all');
    }
  } finally {
    await db.end();
  }
}
