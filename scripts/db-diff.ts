/**
 * `npm run db:diff -- <name> [--schemas <dir>] [--out <dir>]`: the migration that takes a
 * database built from supabase/migrations/ to the one supabase/schemas/ describes, generated
 * (docs/decisions/041-generated-migrations.md), as `supabase db diff` does where Docker runs.
 *
 * Both databases are built on a throw-away PostgreSQL 17 from Supabase's bootstrap, as
 * tests/integration/declarative-schema.test.ts builds them; @pgkit/migra writes the statements;
 * the repo's own catalogue (tests/integration/support/schema-catalog.ts) is the judge: it decides
 * which of migra's differences are real, and checks that the migrations plus the generated file
 * build the schema's catalogue. What is left (required rows, data moves, the pg_cron block) is
 * printed for the file's hand-written section.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@pgkit/client';
import { Migration, PostgreSQL } from '@pgkit/migra';
import pg from 'pg';
import { migrationsDir, repoRoot } from '../supabase/local/paths.ts';
import { startPostgres } from '../supabase/local/postgres.ts';
import {
  buildDatabase,
  migrationFiles,
  prepareCluster,
  readScripts,
  schemaFiles,
  schemasDir,
} from '../supabase/local/schema-build.ts';
import {
  compareCatalogs,
  describeDifferences,
  readCatalog,
  type Catalog,
} from '../tests/integration/support/schema-catalog.ts';
import {
  changedResults,
  dropBeforeNewResult,
  typesInDependencyOrder,
} from './support/changed-results.ts';
import { commentStatements } from './support/schema-comments.ts';
import { privilegeStatements } from './support/schema-privileges.ts';

type Url = (database: string, role?: string) => string;

export type DiffOptions = {
  /** The migration's name (lower case, digits, underscores): `<timestamp>_<name>.sql`. */
  name: string;
  /** Connection strings on a cluster prepared with supabase/local/cluster.sql. */
  url: Url;
  schemas?: string;
  migrations?: string;
  /** Where the new file goes: the migrations' folder unless told. */
  out?: string;
  now?: Date;
};

export type DiffResult =
  | { file: undefined }
  | {
      file: string;
      statements: string[];
      /** Catalogue entries still different once the file is applied: for the hand-written part. */
      remaining: string;
    };

const NO_DIFFERENCE =
  'No difference: supabase/schemas/ and supabase/migrations/ build the same database.';

/** The marker of the part no diff writes; the test and the reader look for it. */
export const HAND_WRITTEN = '-- ==== Written by hand: what a schema diff cannot express ====';

const HAND_WRITTEN_SECTION = `${HAND_WRITTEN}
-- Data moves (\`update … set\` for a new or renamed column), required rows (the settings
-- singletons, \`private.rate_limits\`, the secrets: supabase/schemas/README.md), the pg_cron
-- scheduled-job block (supabase/schemas/62_outbox_events.sql, 71_personal_data_purge.sql) and
-- \`enable always\` on triggers. Empty when the change needs none; \`npm run db:diff\` printed
-- what the generated part leaves different.
`;

export async function diffSchemas(options: DiffOptions): Promise<DiffResult> {
  if (!/^[a-z0-9_]+$/.test(options.name))
    throw new Error(`The migration's name is lower case, digits and underscores: ${options.name}`);
  const migrations = await readScripts(await migrationFiles(options.migrations ?? migrationsDir));
  const schema = await readScripts(await schemaFiles(options.schemas ?? schemasDir));
  const suffix = randomBytes(4).toString('hex');
  const names = {
    from: `diff_migrations_${suffix}`,
    target: `diff_schema_${suffix}`,
    check: `diff_check_${suffix}`,
  };
  const created: string[] = [];
  const build = async (database: string, scripts: { label: string; sql: string }[]) => {
    created.push(database);
    await buildDatabase(options.url, database, scripts);
    return readCatalog(options.url(database));
  };
  try {
    const [fromCatalog, targetCatalog] = await Promise.all([
      build(names.from, migrations),
      build(names.target, schema),
    ]);
    const statements = [
      ...(await migraStatements(options.url, names, fromCatalog, targetCatalog)),
      ...(await commentStatements(options.url(names.from), options.url(names.target))),
    ];
    if (statements.length === 0 && compareCatalogs(targetCatalog, fromCatalog).length === 0)
      return { file: undefined };

    const out = options.out ?? options.migrations ?? migrationsDir;
    const file = path.join(out, `${await timestamp(out, options.now)}_${options.name}.sql`);
    const label = path.relative(repoRoot, file);
    created.push(names.check);
    await buildDatabase(options.url, names.check, [
      ...migrations,
      { label, sql: statements.join('\n\n') },
    ]);
    // Privileges once the objects exist: a new function is compared with what it was created
    // with (the default privileges), then the difference is applied to the check database too.
    const grants = await privilegeStatements(options.url(names.check), options.url(names.target));
    if (grants.length > 0) await runScript(options.url(names.check, 'postgres'), label, grants);
    statements.push(...grants);
    const checked = await readCatalog(options.url(names.check));
    const remaining = describeDifferences(compareCatalogs(targetCatalog, checked));
    await mkdir(out, { recursive: true });
    await writeFile(
      file,
      `${header(options.name, statements)}${statements.join('\n\n')}\n\n${HAND_WRITTEN_SECTION}`,
    );
    return { file, statements, remaining };
  } finally {
    await dropDatabases(options.url, created);
  }
}

/**
 * migra's statements from the migrations' database to the schema's, without the differences the
 * catalogue does not see: migra compares constraints by `pg_get_constraintdef(oid)` unprettied,
 * where `(a and b) and c` (one migration adding a term) and `a and b and c` differ; the
 * catalogue reads them prettied, where they are the same check.
 */
async function migraStatements(
  url: Url,
  names: { from: string; target: string },
  fromCatalog: Catalog,
  targetCatalog: Catalog,
): Promise<string[]> {
  const clients = [createClient(url(names.from)), createClient(url(names.target))];
  try {
    const [from, target] = await Promise.all(clients.map((c) => PostgreSQL.create(c)));
    for (const [key, constraint] of Object.entries(from.constraints)) {
      const other = target.constraints[key];
      const catalogKey = `constraint ${constraint.schema}.${constraint.table_name}.${constraint.name}`;
      const same = fromCatalog.get(catalogKey) === targetCatalog.get(catalogKey);
      if (other && same && fromCatalog.has(catalogKey)) constraint.definition = other.definition;
    }
    const migration = await Migration.create(from, target, { ignore_extension_versions: true });
    // Drops are kept (a dropped column is a change the schema files made) and shown to the reader.
    migration.set_safety(false);
    migration.add_all_changes(true);
    const statements = [...migration.statements].map((s) => s.trim()).filter(Boolean);
    return typesInDependencyOrder(
      dropBeforeNewResult(statements, await changedResults(url, names)),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

function header(name: string, statements: string[]): string {
  return `-- ${name}: generated by \`npm run db:diff\` from supabase/schemas/
-- (docs/decisions/041-generated-migrations.md). Read every statement before committing.
-- ${statements.length} generated statement(s).

`;
}

/** Now in UTC (YYYYMMDDHHMMSS), after the last migration's timestamp whatever the clock says. */
async function timestamp(dir: string, now = new Date()): Promise<string> {
  let stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const last = (await readdir(dir).catch(() => [] as string[]))
    .map((file) => /^(\d{14})_/.exec(file)?.[1])
    .filter((s): s is string => s !== undefined)
    .sort()
    .at(-1);
  if (last && stamp <= last) stamp = String(BigInt(last) + 1n);
  return stamp;
}

/** `statements` in one transaction, as a migration runs. */
async function runScript(connectionString: string, label: string, statements: string[]) {
  const db = new pg.Client({ connectionString });
  await db.connect();
  try {
    await db.query(`begin;\n${statements.join('\n')}\ncommit;`);
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    await db.end();
  }
}

async function dropDatabases(url: Url, databases: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  try {
    for (const database of databases)
      await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { schemas: { type: 'string' }, out: { type: 'string' } },
  });
  const [name] = positionals;
  if (!name || positionals.length > 1) {
    console.error('Usage: npm run db:diff -- <name> [--schemas <dir>] [--out <dir>]');
    process.exitCode = 2;
    return;
  }
  const server = await startPostgres();
  try {
    await prepareCluster(server.url);
    const result = await diffSchemas({
      name,
      url: server.url,
      schemas: values.schemas && path.resolve(values.schemas),
      out: values.out && path.resolve(values.out),
    });
    if (!result.file) {
      console.info(NO_DIFFERENCE);
      return;
    }
    console.info(
      `Wrote ${path.relative(process.cwd(), result.file)}: ${result.statements.length} generated statement(s).`,
    );
    if (result.statements.some((s) => /^(drop|alter table .* drop)\b/i.test(s)))
      console.warn('It drops something: check that nothing the site still needs goes.');
    if (result.remaining)
      console.warn(
        `Still different once it is applied (write these in its hand-written section):\n\n${result.remaining}\n`,
      );
    else console.info('Applied after the migrations, it builds what supabase/schemas/ builds.');
    console.info(
      'Next: read the file, complete its hand-written section if needed, then ' +
        '`npm run db:checksums` and `npm run db:types`, and commit it with the schema files.',
    );
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await main();
