import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_HOST, DB_PASSWORD, DB_SUPERUSER } from '../../supabase/local/constants.ts';
import { repoRoot } from '../../supabase/local/paths.ts';
import { migrationFiles } from '../../supabase/local/schema-build.ts';
import { diffSchemas, HAND_WRITTEN } from '../../scripts/db-diff.ts';
import {
  buildDatabase,
  compareCatalogs,
  describeDifferences,
  readCatalog,
  readScripts,
  schemaFiles,
  schemasDir,
} from './support/schema-catalog.ts';

/**
 * `npm run db:diff` (scripts/db-diff.ts, docs/decisions/041-generated-migrations.md): the
 * migration generated from supabase/schemas/, applied after supabase/migrations/, builds the
 * same catalogue as the schema files (what tests/integration/declarative-schema.test.ts
 * compares). The command runs once as a developer runs it (its own throw-away PostgreSQL); the
 * change case calls its function on the test run's cluster, in databases of its own.
 */
const { port } = inject('postgres');
const url = (database: string, role = DB_SUPERUSER) =>
  `postgresql://${role}:${DB_PASSWORD}@${DB_HOST}:${port}/${database}`;
const run = promisify(execFile);
const suffix = randomBytes(4).toString('hex');
const created: string[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'booster-db-diff-'));
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
  await rm(scratch, { recursive: true, force: true });
});

/** Replaces `before`, which must occur exactly once in `file`. */
async function edit(file: string, before: string, after: string) {
  const source = await readFile(file, 'utf8');
  expect(source.split(before), before).toHaveLength(2);
  await writeFile(file, source.replace(before, after));
}

const COUNT_LINE =
  '  return (select count(*) from public.contact_messages m where m.handled_at is null);';
const NEW_COUNT_LINE = COUNT_LINE.replace('handled_at is null', 'handled_at is not null');

const UNHANDLED_RETURNS = 'create function public.unhandled_message_count() returns integer';

describe('npm run db:diff', () => {
  it('says so and writes nothing on main, exit 0: the schema files and the migrations build the same database (a constraint migra prints with other brackets is not a difference)', async () => {
    // The command itself, with its own throw-away PostgreSQL, as a developer runs it.
    const out = path.join(scratch, 'main-out');
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      path.join(repoRoot, 'scripts', 'db-diff.ts'),
      'nothing',
      '--out',
      out,
    ]);
    expect(stdout.trim()).toBe(
      'No difference: supabase/schemas/ and supabase/migrations/ build the same database.',
    );
    expect(await readdir(out).catch(() => [])).toEqual([]);
  }, 120_000);

  it('generates a migration that, after the migrations, builds what changed schema files build', async () => {
    const schemas = path.join(scratch, 'schemas');
    const out = path.join(scratch, 'out');
    await cp(schemasDir, schemas, { recursive: true });
    const messages = path.join(schemas, '60_inbox.sql');
    // A new column (with its comment), one function's new body, and a new function with its
    // comment and grant: migra writes neither comments nor a function's privileges.
    await edit(messages, '  handled_by uuid,\n', '  handled_by uuid,\n  handled_note text,\n');
    await edit(messages, COUNT_LINE, NEW_COUNT_LINE);
    // A function's answer changing type (docs/decisions/054-typed-answers.md): PostgreSQL
    // refuses `create or replace` for it, so the migration drops it first and grants it again.
    await edit(messages, UNHANDLED_RETURNS, UNHANDLED_RETURNS.replace('integer', 'bigint'));
    await writeFile(
      messages,
      `${await readFile(messages, 'utf8')}
comment on column public.contact_messages.handled_note is 'Ce que l’équipe a répondu.';

create function public.handled_message_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$ select count(*)::integer from public.contact_messages m where m.handled_at is not null $$;
comment on function public.handled_message_count() is 'Messages traités : l''équipe.';
revoke all on function public.handled_message_count() from public;
grant execute on function public.handled_message_count() to authenticated;
`,
    );

    const result = await diffSchemas({
      name: 'handled_note',
      url,
      schemas,
      out,
      now: new Date('2030-01-02T03:04:05Z'),
    });

    expect(result.file).toBe(path.join(out, '20300102030405_handled_note.sql'));
    if (!result.file) return;
    expect(result.remaining).toBe('');
    const sql = await readFile(result.file, 'utf8');
    expect(sql).toMatch(/alter table "public"\."contact_messages" add column "handled_note" text;/);
    expect(sql).toContain(NEW_COUNT_LINE);
    expect(sql).toContain(
      'grant execute on function public.handled_message_count() to authenticated;',
    );
    const drop = sql.indexOf('drop function public.unhandled_message_count();');
    expect(drop).toBeGreaterThan(0);
    expect(
      sql.indexOf('CREATE OR REPLACE FUNCTION public.unhandled_message_count()'),
    ).toBeGreaterThan(drop);
    expect(sql).toContain(
      'grant execute on function public.unhandled_message_count() to authenticated;',
    );
    expect(sql).toContain(HAND_WRITTEN);
    expect(sql).toContain(`-- ${result.statements.length} generated statement(s).`);

    // Checked here on databases of this test's own, not on the script's word.
    const [fromMigrations, fromSchemas] = await Promise.all(
      [
        ['with_generated', [...(await migrationFiles()), result.file]],
        ['from_changed_schemas', await schemaFiles(schemas)],
      ].map(async ([label, files]) => {
        const database = `${label as string}_${suffix}`;
        created.push(database);
        await buildDatabase(url, database, await readScripts(files as string[]));
        return readCatalog(url(database));
      }),
    );
    const differences = compareCatalogs(fromSchemas, fromMigrations);
    expect(
      differences.map((d) => d.key),
      describeDifferences(differences),
    ).toEqual([]);
    expect(fromSchemas.get('column public.contact_messages.handled_note')).toContain('comment');
  }, 180_000);
});
