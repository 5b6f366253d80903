import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { bootstrapFile, migrationsDir, repoRoot, seedFile, snapshotCacheDir } from './paths.ts';

export type CreateDatabaseOptions = {
  /** Folder of a persistent database; in memory when omitted. */
  dataDir?: string;
  /** Run supabase/seed.sql when the database is new. */
  seed?: boolean;
};

type Migration = { version: string; name: string; file: string; sql: string };

const extensions = { pgcrypto };

/**
 * A PGlite database prepared like a Supabase project: bootstrap, every migration of
 * supabase/migrations (only the new ones on an existing persistent database), then the seed
 * when asked and the database is new. In-memory databases start from a cached snapshot of
 * bootstrap + migrations, keyed by a hash of the SQL files.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<PGlite> {
  const migrations = await readMigrations();
  const db = options.dataDir
    ? await openPersistent(options.dataDir, migrations)
    : await openInMemory(migrations);
  if (db.isNew && options.seed && existsSync(seedFile)) {
    await runScript(db.pg, 'supabase/seed.sql', await readFile(seedFile, 'utf8'));
  }
  return db.pg;
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

async function openPersistent(dataDir: string, migrations: Migration[]) {
  await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, extensions });
  const { rows } = await pg.query<{ ready: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as ready`,
  );
  const isNew = !rows[0]?.ready;
  if (isNew) await runScript(pg, 'bootstrap.sql', await readFile(bootstrapFile, 'utf8'));
  await applyMigrations(pg, migrations);
  return { pg, isNew };
}

async function openInMemory(migrations: Migration[]) {
  const bootstrap = await readFile(bootstrapFile, 'utf8');
  const snapshot = path.join(snapshotCacheDir, `${snapshotKey(bootstrap, migrations)}.tar`);
  if (existsSync(snapshot)) {
    const loadDataDir = new Blob([await readFile(snapshot)]);
    return { pg: await PGlite.create({ extensions, loadDataDir }), isNew: true };
  }
  const pg = await PGlite.create({ extensions });
  await runScript(pg, 'bootstrap.sql', bootstrap);
  await applyMigrations(pg, migrations);
  await saveSnapshot(pg, snapshot);
  return { pg, isNew: true };
}

function snapshotKey(bootstrap: string, migrations: Migration[]): string {
  const hash = createHash('sha256').update(pgliteVersion()).update(bootstrap);
  for (const m of migrations) hash.update(`\n-- ${m.file}\n`).update(m.sql);
  return hash.digest('hex').slice(0, 24);
}

async function saveSnapshot(pg: PGlite, file: string): Promise<void> {
  const dump = await pg.dumpDataDir('none');
  await mkdir(path.dirname(file), { recursive: true });
  // Written beside and renamed, so parallel test workers never read a half-written file.
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
  await rename(temp, file);
}

async function applyMigrations(pg: PGlite, migrations: Migration[]): Promise<void> {
  const { rows } = await pg.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const applied = new Set(rows.map((r) => r.version));
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    await pg.transaction(async (tx) => {
      await tx.exec(m.sql).catch((error: unknown) => {
        throw withContext(error, `supabase/migrations/${m.file}`);
      });
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [m.version, m.name],
      );
    });
    await resetSession(pg);
  }
}

async function runScript(pg: PGlite, label: string, sql: string): Promise<void> {
  await pg
    .transaction((tx) => tx.exec(sql))
    .catch((error: unknown) => {
      throw withContext(error, label);
    });
  await resetSession(pg);
}

/** Undo any `set` a script left behind; the search path is the one hosted Supabase uses. */
async function resetSession(pg: PGlite): Promise<void> {
  await pg.exec('reset all; set search_path = "$user", public, extensions');
}

function pgliteVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return existsSync(manifest) ? readFileSync(manifest, 'utf8') : 'pglite';
}

function withContext(error: unknown, label: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${label}: ${message}`, { cause: error });
}
