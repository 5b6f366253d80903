import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DB_HOST, DB_PASSWORD, DB_SUPERUSER } from '../../supabase/local/constants.ts';
import { migrationsDir } from '../../supabase/local/paths.ts';
import { buildDatabase, readScripts } from './support/schema-catalog.ts';

/**
 * The migrations must apply to a NEW hosted Supabase project, whose database has only a few
 * extensions enabled: every other one must be created by a migration
 * (docs/decisions/035-extensions-a-new-project-has.md). The embedded backend's bootstrap enables
 * exactly that set, so every test run replays the migrations as a new project would.
 */
// A new hosted project's enabled extensions that this PostgreSQL build ships (Supabase's own
// pg_graphql and supabase_vault are not in it), plus plpgsql, which every database has.
const NEW_PROJECT_EXTENSIONS = ['pg_stat_statements', 'pgcrypto', 'plpgsql', 'uuid-ossp'];

const { port } = inject('postgres');
const url = (database: string, role = DB_SUPERUSER) =>
  `postgresql://${role}:${DB_PASSWORD}@${DB_HOST}:${port}/${database}`;
const suffix = randomBytes(4).toString('hex');
const created: string[] = [];

async function extensionsOf(database: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: url(database) });
  await db.connect();
  try {
    const { rows } = await db.query<{ extname: string }>(
      'select extname from pg_extension order by extname',
    );
    return rows.map((r) => r.extname);
  } finally {
    await db.end();
  }
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    for (const database of created)
      await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
});

describe('a new hosted project', () => {
  it('starts, as the embedded backend does, with only its default extensions', async () => {
    const database = `bootstrap_only_${suffix}`;
    created.push(database);
    await buildDatabase(url, database, []);
    expect(await extensionsOf(database)).toEqual(NEW_PROJECT_EXTENSIONS);
  });

  it('takes every migration, applied as postgres, and gets the extensions they use', async () => {
    const database = `new_project_${suffix}`;
    created.push(database);
    const files = (await readdir(migrationsDir))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => path.join(migrationsDir, file));
    await buildDatabase(url, database, await readScripts(files));
    const extensions = await extensionsOf(database);
    expect(extensions).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });
});
