/**
 * `tsx supabase/local/cli.ts serve` — the local Supabase stand-in: PostgreSQL 17 on
 * 127.0.0.1:54322 (data in .local-db/, or where the server's user can reach it, seeded the first time, pending migrations applied) and
 * the API on 127.0.0.1:54321 (PORT to override).
 * `tsx supabase/local/cli.ts reset` — delete .local-db/ and recreate it with the seed.
 */
import { rm } from 'node:fs/promises';
import { ANON_KEY, DB_PORT, DEFAULT_PORT, DEMO_ADMIN, DEV_DATABASE } from './constants.ts';
import { openLocalDatabase } from './database.ts';
import { localDbDir } from './paths.ts';
import { serverPlaces } from './postgres.ts';
import { dataFolder, serverUser } from './postgres-process.ts';
import { startServer } from './server.ts';

async function serve(): Promise<void> {
  const started = performance.now();
  const db = await openLocalDatabase({ dataDir: localDbDir, port: DB_PORT, seed: true });
  const server = await startServer({ db, port: Number(process.env.PORT ?? DEFAULT_PORT) });
  console.info(
    [
      `Local Supabase backend ready in ${Math.round(performance.now() - started)} ms`,
      `  API URL:    ${server.url}  (set VITE_SUPABASE_URL to it to use it from another origin)`,
      `  anon key:   ${ANON_KEY}`,
      `  Database:   psql ${db.server.url(DEV_DATABASE, 'postgres')}`,
      `  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  Data:       ${serverPlaces(db.server)}`,
    ].join('\n'),
  );
  const stop = async () => {
    await server.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function reset(): Promise<void> {
  const started = performance.now();
  // Where the data really are (elsewhere when the postgres user cannot enter this folder).
  await rm(dataFolder(localDbDir, serverUser()), { recursive: true, force: true });
  const db = await openLocalDatabase({ dataDir: localDbDir, port: DB_PORT, seed: true });
  await db.close();
  console.info(
    `Recreated the local database (${serverPlaces(db.server)}) with the migrations and seed in ${Math.round(performance.now() - started)} ms`,
  );
}

const command = process.argv[2];
if (command === 'serve') await serve();
else if (command === 'reset') await reset();
else {
  console.error('Usage: tsx supabase/local/cli.ts <serve|reset>');
  process.exit(1);
}
