/**
 * `tsx supabase/local/cli.ts serve` — the local Supabase stand-in: PostgreSQL 17 on
 * 127.0.0.1:54322 (data in .local-db/, or where the server's user can reach it, seeded the
 * first time, pending migrations applied) and the API on 127.0.0.1:54321. LOCAL_DB_PORT and
 * PORT choose the ports; without them a default that is taken (a second checkout, a dev server)
 * gives way to a free port, printed (supabase/local/ports.ts). LOCAL_DB_DIR moves the data.
 * The Edge Functions (supabase/functions) run under Deno at /functions/v1, send-messages called
 * every 30 s (supabase/local/functions.ts).
 * `tsx supabase/local/cli.ts reset` — delete .local-db/ and recreate it with the seed.
 */
import { rm } from 'node:fs/promises';
import { ANON_KEY, DEMO_ADMIN, DEV_DATABASE } from './constants.ts';
import { openLocalDatabase } from './database.ts';
import { localDataDir } from './paths.ts';
import { chooseApiPort, chooseDatabasePort, takenNote } from './ports.ts';
import { serverPlaces } from './postgres.ts';
import { startSendTimer } from './functions.ts';
import { dataFolder, serverUser } from './postgres-process.ts';
import { startServer } from './server.ts';

async function serve(): Promise<void> {
  const started = performance.now();
  const dbPort = await chooseDatabasePort();
  const db = await openLocalDatabase({ dataDir: localDataDir(), port: dbPort.port, seed: true });
  const apiPort = await chooseApiPort();
  const server = await startServer({ db, port: apiPort.port, functions: {} });
  const stopTimer = startSendTimer(() => server.url);
  console.info(
    [
      `Local Supabase backend ready in ${Math.round(performance.now() - started)} ms`,
      `  API URL:    ${server.url}${takenNote(apiPort, 'PORT')}`,
      `  Functions:  ${server.url}/functions/v1/send-messages (Deno; local sink unless providers are set)`,
      `              (set VITE_SUPABASE_URL to it to use it from another origin)`,
      `  anon key:   ${ANON_KEY}`,
      `  Database:   psql ${db.server.url(DEV_DATABASE, 'postgres')}${takenNote(dbPort, 'LOCAL_DB_PORT')}`,
      `  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  Data:       ${serverPlaces(db.server)}`,
    ].join('\n'),
  );
  const stop = async () => {
    stopTimer();
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
  await rm(dataFolder(localDataDir(), serverUser()), { recursive: true, force: true });
  const { port } = await chooseDatabasePort();
  const db = await openLocalDatabase({ dataDir: localDataDir(), port, seed: true });
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
