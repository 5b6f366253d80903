import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_HOST, DB_PASSWORD, DB_SUPERUSER } from '../../supabase/local/constants.ts';
import { migrationsDir } from '../../supabase/local/paths.ts';
import {
  buildDatabase,
  compareCatalogs,
  describeDifferences,
  readCatalog,
  readScripts,
  schemaFiles,
  schemasDir,
  type Catalog,
} from './support/schema-catalog.ts';

/**
 * supabase/schemas/ (the current schema, one file per domain) and supabase/migrations/ (how a
 * database gets there) must build the same database: same tables, columns, constraints,
 * indexes, policies, grants, triggers, views, sequences, types, comments, function bodies and
 * required rows (docs/decisions/028-declarative-schema.md). Each side is built on the run's
 * cluster in a database of its own, from Supabase's bootstrap, and their catalogues compared.
 */
const { port } = inject('postgres');
const url = (database: string, role = DB_SUPERUSER) =>
  `postgresql://${role}:${DB_PASSWORD}@${DB_HOST}:${port}/${database}`;
const suffix = randomBytes(4).toString('hex');
const created: string[] = [];
let scratchDir: string | undefined;

async function catalogOf(label: string, files: string[]): Promise<Catalog> {
  const database = `${label}_${suffix}`;
  created.push(database);
  await buildDatabase(url, database, await readScripts(files));
  return readCatalog(url(database));
}

const migrationFiles = async () =>
  (await readdir(migrationsDir))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(migrationsDir, file));

let fromMigrations: Catalog;
let fromSchema: Catalog;

beforeAll(async () => {
  [fromMigrations, fromSchema] = await Promise.all([
    catalogOf('from_migrations', await migrationFiles()),
    catalogOf('from_schema', await schemaFiles()),
  ]);
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    for (const database of created)
      await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
  if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
});

describe('supabase/schemas/ and supabase/migrations/', () => {
  it('read a whole catalogue (the comparison is not empty)', () => {
    const kinds = new Set([...fromMigrations.keys()].map((key) => key.split(' ')[0]));
    for (const kind of [
      'schema',
      'extension',
      'default',
      'relation',
      'column',
      'constraint',
      'index',
      'policy',
      'trigger',
      'sequence',
      'function',
      'rows',
    ])
      expect(kinds, kind).toContain(kind);
    expect(fromMigrations.get('function public.create_reservation(jsonb)')).toContain(
      'private.admit_public_write',
    );
  });

  it('build the same database', () => {
    const differences = compareCatalogs(fromSchema, fromMigrations);
    expect(
      differences.map((d) => d.key),
      `supabase/schemas/ and supabase/migrations/ differ: change both (supabase/schemas/README.md)\n\n${describeDifferences(differences)}`,
    ).toEqual([]);
  });

  it('differ, naming that one function, when one line of its body differs in a copy', async () => {
    scratchDir = await mkdtemp(path.join(tmpdir(), 'booster-schemas-'));
    await cp(schemasDir, scratchDir, { recursive: true });
    const file = path.join(scratchDir, '60_inbox.sql');
    const source = await readFile(file, 'utf8');
    const line =
      '  return (select count(*) from public.contact_messages m where m.handled_at is null);';
    expect(source.split('\n').filter((l) => l === line)).toHaveLength(1);
    await writeFile(
      file,
      source.replace(line, line.replace('handled_at is null', 'handled_at is not null')),
    );

    const scratch = await catalogOf('from_scratch', await schemaFiles(scratchDir));
    const differences = compareCatalogs(scratch, fromMigrations);

    expect(differences.map((d) => d.key)).toEqual(['function public.unhandled_message_count()']);
    const described = describeDifferences(differences);
    expect(described).toContain(`- ${line.trimEnd()}`);
    expect(described).toContain(`+ ${line.replace('is null', 'is not null')}`);
  });
});
