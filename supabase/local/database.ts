import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DB_SUPERUSER, DEV_DATABASE } from './constants.ts';
import { bootstrapFile, clusterFile, migrationsDir, seedFile } from './paths.ts';
import { connect, startPostgres, type PostgresServer, type StartOptions } from './postgres.ts';

/**
 * The local backend's database: a real PostgreSQL 17 database prepared like a Supabase project
 * (see docs/decisions/005-real-postgres-local-backend.md), with two pools: `api` logs in as
 * `authenticator` (PostgREST's role, which switches to anon / authenticated / service_role per
 * request) and `admin` as the superuser (GoTrue's work and the tests' direct SQL).
 */
export type LocalDatabase = {
  server: PostgresServer;
  name: string;
  api: pg.Pool;
  admin: pg.Pool;
  /** Close the pools, and stop the server when this database started it. */
  close(): Promise<void>;
};

type Migration = { version: string; name: string; file: string; sql: string };

// bigint counts come back as numbers (they stay far below 2^53 here), numeric as text.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type OpenOptions = StartOptions & {
  /** Run supabase/seed.sql when the database is new. */
  seed?: boolean;
  /** Connections of the API pool (requests served at once). */
  poolSize?: number;
};

/**
 * Start a cluster and open its `postgres` database: bootstrap and seed when new, then every
 * pending migration (like `supabase migration up`). Used by the dev server, the backend CLI,
 * the end-to-end runs and the benchmark.
 */
export async function openLocalDatabase(options: OpenOptions = {}): Promise<LocalDatabase> {
  const server = await startPostgres(options);
  try {
    const isNew = await prepareDatabase(server, DEV_DATABASE);
    if (isNew && options.seed && existsSync(seedFile)) {
      await runAs(
        server,
        DEV_DATABASE,
        'postgres',
        'supabase/seed.sql',
        await readFile(seedFile, 'utf8'),
      );
    }
    return openPools(server, DEV_DATABASE, { poolSize: options.poolSize, ownsServer: true });
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Make `database` a Supabase-like database on `server` (created when missing, bootstrapped when
 * new) with every migration applied. Returns true when it was bootstrapped now.
 */
export async function prepareDatabase(server: PostgresServer, database: string): Promise<boolean> {
  const admin = await connect(server.url('postgres'));
  let isNew: boolean;
  try {
    await admin.query(await readFile(clusterFile, 'utf8'));
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (rows.length === 0) {
      await admin.query(`create database ${ident(database)} owner postgres`);
    } else if (database === DEV_DATABASE) {
      await admin.query(`alter database ${ident(database)} owner to postgres`);
    }
  } finally {
    await admin.end();
  }
  const db = await connect(server.url(database));
  try {
    const { rows } = await db.query<{ ready: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as ready`,
    );
    isNew = !rows[0]?.ready;
    if (isNew)
      await runScript(db, 'supabase/local/bootstrap.sql', await readFile(bootstrapFile, 'utf8'));
  } finally {
    await db.end();
  }
  await applyMigrations(server, database);
  return isNew;
}

/** A new database copied from a prepared one (tests: one per file, in a few milliseconds). */
export async function cloneDatabase(
  server: PostgresServer,
  template: string,
  name: string,
  options: { poolSize?: number } = {},
): Promise<LocalDatabase> {
  const admin = await connect(server.url('postgres'));
  try {
    await admin.query(`create database ${ident(name)} template ${ident(template)} owner postgres`);
  } finally {
    await admin.end();
  }
  const db = openPools(server, name, { poolSize: options.poolSize, ownsServer: false });
  const close = db.close;
  return {
    ...db,
    async close() {
      await close();
      const drop = await connect(server.url('postgres'));
      await drop
        .query(`drop database if exists ${ident(name)} with (force)`)
        .finally(() => drop.end());
    },
  };
}

function openPools(
  server: PostgresServer,
  name: string,
  options: { poolSize?: number; ownsServer: boolean },
): LocalDatabase {
  const api = new pg.Pool({
    connectionString: server.url(name, 'authenticator'),
    max: options.poolSize ?? 20,
    application_name: 'local-postgrest',
  });
  const admin = new pg.Pool({
    connectionString: server.url(name, DB_SUPERUSER),
    max: 5,
    application_name: 'local-admin',
  });
  // A connection that dies (server stopping, a test dropping its database) must not crash Node:
  // the pool hears an idle one; a checked-out one between two queries is heard here, and the
  // pool drops it on release (docs/decisions/050-the-night-with-a-cut.md).
  for (const pool of [api, admin]) {
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
  }
  return {
    server,
    name,
    api,
    admin,
    async close() {
      await Promise.all([api.end(), admin.end()]);
      if (options.ownsServer) await server.stop();
    },
  };
}

async function readMigrations(): Promise<Migration[]> {
  if (!existsSync(migrationsDir)) return [];
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const base = file.slice(0, -'.sql'.length);
      const cut = base.indexOf('_');
      return {
        version: cut === -1 ? base : base.slice(0, cut),
        name: cut === -1 ? '' : base.slice(cut + 1),
        file,
        sql: await readFile(path.join(migrationsDir, file), 'utf8'),
      };
    }),
  );
}

/** Pending migrations, each in its own transaction, as `postgres` (like `supabase db push`). */
async function applyMigrations(server: PostgresServer, database: string): Promise<void> {
  const migrations = await readMigrations();
  const db = await connect(server.url(database, 'postgres'));
  try {
    const { rows } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    const applied = new Set(rows.map((r) => r.version));
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await db.query('begin');
      try {
        await db.query(m.sql);
        await db.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [m.version, m.name],
        );
        await db.query('commit');
      } catch (error) {
        await db.query('rollback');
        throw withContext(error, `supabase/migrations/${m.file}`);
      }
      await db.query('reset all');
    }
  } finally {
    await db.end();
  }
}

async function runAs(
  server: PostgresServer,
  database: string,
  role: string,
  label: string,
  sql: string,
): Promise<void> {
  const db = await connect(server.url(database, role));
  try {
    await runScript(db, label, sql);
  } finally {
    await db.end();
  }
}

async function runScript(db: pg.Client, label: string, sql: string): Promise<void> {
  await db.query('begin');
  try {
    await db.query(sql);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw withContext(error, label);
  }
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function withContext(error: unknown, label: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${label}: ${message}`, { cause: error });
}
