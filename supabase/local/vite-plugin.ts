import { loadEnv, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import { DEV_DATABASE } from './constants.ts';
import { localDataDir } from './paths.ts';
import { chooseDatabasePort, takenNote } from './ports.ts';
import { serverPlaces } from './postgres.ts';
import { API_PREFIXES, createRequestHandler } from './server.ts';
import { defaultSinkFile, EdgeFunctions, startSendTimer } from './functions.ts';
import { startupBlock, type StartupFacts } from './startup-block.ts';

/**
 * Mounts the embedded Supabase stand-in on the dev and preview servers (same origin) when
 * VITE_SUPABASE_URL is unset: PostgreSQL 17 on 127.0.0.1:54322 (LOCAL_DB_PORT; a free port,
 * printed, when 54322 is taken: supabase/local/ports.ts) with its data in .local-db/ (seeded the
 * first time), started with the server and stopped with it. The app reaches the API on the dev
 * server's own origin, whichever port Vite took. LOCAL_DB=memory gives a
 * fresh, seeded, throw-away cluster on a free port instead (end-to-end tests, Lighthouse).
 * The Edge Functions run under Deno at /functions/v1, send-messages called every 30 s
 * (SEND_MESSAGES_INTERVAL_MS; supabase/local/functions.ts).
 */
export function localBackend(): Plugin {
  let enabled = false;
  let database: Promise<LocalDatabase> | undefined;
  const sinkFile = defaultSinkFile();
  let facts: Omit<StartupFacts, 'site'> | undefined;

  const open = () => {
    database ??= (async () => {
      const started = performance.now();
      const inMemory = process.env.LOCAL_DB === 'memory';
      const dbPort = inMemory ? undefined : await chooseDatabasePort();
      const db = await openLocalDatabase(
        dbPort ? { dataDir: localDataDir(), port: dbPort.port, seed: true } : { seed: true },
      );
      facts = {
        readyMs: Math.round(performance.now() - started),
        database: `${inMemory ? 'throw-away cluster' : 'kept'}: ${serverPlaces(db.server)}`,
        note: dbPort ? takenNote(dbPort, 'LOCAL_DB_PORT') : '',
        psql: db.server.url(DEV_DATABASE, 'postgres'),
        sinkFile,
      };
      return db;
    })();
    return database;
  };

  let apiUrl = '';
  const functions = new EdgeFunctions({ apiUrl: () => apiUrl, sinkFile });
  let stopTimer: () => void = () => undefined;

  const close = async () => {
    stopTimer();
    await functions.close();
    const pending = database;
    database = undefined;
    if (pending) await (await pending.catch(() => undefined))?.close();
  };

  const mount = (server: ViteDevServer | PreviewServer) => {
    if (!enabled) return;
    const ready = open();
    ready.catch((error: unknown) =>
      server.config.logger.error(`Local backend failed: ${String(error)}`),
    );
    const handler = ready.then((db) => createRequestHandler(db, undefined, functions));
    for (const prefix of API_PREFIXES) {
      server.middlewares.use(prefix, (req, res, next) => {
        handler.then((handle) => handle(req, res, next), next);
      });
    }
    server.httpServer?.once('close', () => void close());
    server.httpServer?.once('listening', () => {
      void ready.then(() => {
        const address = server.httpServer?.address();
        const port = address && typeof address === 'object' ? address.port : undefined;
        // The function reaches the API where the server listens (Deno may resolve localhost
        // to the other address family).
        if (address && typeof address === 'object') {
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          apiUrl = `http://${/^(::|0\.0\.0\.0|\[::\])$/.test(host) ? '127.0.0.1' : host}:${address.port}`;
          stopTimer();
          stopTimer = startSendTimer(() => apiUrl, undefined, sinkFile);
          // The links in messages point at this dev server while the site's address is still a
          // local one (message_settings.site_url; a real address set in Paramètres is kept),
          // including the messages the seed queued before the port was known.
          void ready.then((db) =>
            db.admin.query(
              `with before as (
                 select site_url from public.message_settings
                  where site_url ~ '^http://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?$' and site_url <> $1),
               moved as (
                 update public.message_settings s set site_url = $1 from before
                 returning before.site_url as old)
               update public.outbox o
                  set body = replace(o.body, moved.old, $1),
                      variables = replace(o.variables::text, moved.old, $1)::jsonb
                 from moved
                where o.state = 'queued' and strpos(o.body || o.variables::text, moved.old) > 0`,
              [`http://localhost:${address.port}`],
            ),
          );
        }
        const url = (server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`).replace(
          /\/$/,
          '',
        );
        if (facts) console.info(startupBlock({ ...facts, site: url }));
      });
    });
  };

  return {
    name: 'booster-local-backend',
    config(_config, { mode }) {
      enabled = !loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL;
    },
    configureServer: mount,
    configurePreviewServer: mount,
    closeBundle: close,
  };
}
