import type { PGlite } from '@electric-sql/pglite';
import { loadEnv, type Plugin, type PreviewServer, type ViteDevServer } from 'vite';
import { createDatabase } from './database.ts';
import { DEMO_ADMIN } from './constants.ts';
import { localDbDir } from './paths.ts';
import { API_PREFIXES, createRequestHandler } from './server.ts';

/**
 * Mounts the embedded Supabase stand-in on the dev and preview servers (same origin) when
 * VITE_SUPABASE_URL is unset. Data persists in .local-db/ (seeded the first time);
 * LOCAL_DB=memory gives a fresh, seeded in-memory database instead (end-to-end tests).
 */
export function localBackend(): Plugin {
  let enabled = false;
  let database: Promise<PGlite> | undefined;

  const open = () => {
    database ??= (async () => {
      const started = performance.now();
      const inMemory = process.env.LOCAL_DB === 'memory';
      const db = await createDatabase({ dataDir: inMemory ? undefined : localDbDir, seed: true });
      const ms = Math.round(performance.now() - started);
      console.info(
        `  ➜  Local Supabase backend ready in ${ms} ms (${inMemory ? 'in memory' : '.local-db/'})`,
      );
      return db;
    })();
    return database;
  };

  const mount = (server: ViteDevServer | PreviewServer) => {
    if (!enabled) return;
    const ready = open();
    ready.catch((error: unknown) =>
      server.config.logger.error(`Local backend failed: ${String(error)}`),
    );
    const handler = ready.then(createRequestHandler);
    for (const prefix of API_PREFIXES) {
      server.middlewares.use(prefix, (req, res, next) => {
        handler.then((handle) => handle(req, res, next), next);
      });
    }
    server.httpServer?.once('listening', () => {
      void ready.then(() => {
        const address = server.httpServer?.address();
        const port = address && typeof address === 'object' ? address.port : undefined;
        const url = (server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`).replace(
          /\/$/,
          '',
        );
        console.info(
          `  ➜  Local Supabase API: ${url}/rest/v1 and ${url}/auth/v1\n` +
            `  ➜  Demo admin sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
        );
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
    async closeBundle() {
      if (database) await (await database).close();
    },
  };
}
