/**
 * Vitest global setup of the projects that use the backend (integration, component): one
 * PostgreSQL 17 cluster per test run, with a template database migrated once; each test file
 * clones it (tests/setup/backend.ts). Both projects list this file; the cluster is shared
 * through a process-wide handle, so a run starts it once, and a run of unit tests alone never.
 */
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../supabase/local/database.ts';
import { startPostgres, type PostgresServer } from '../../supabase/local/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { port: number; dataDir: string; template: string };
  }
}

const TEMPLATE = 'booster_template';
const HANDLE = Symbol.for('booster.test-postgres');
type Handle = { server: Promise<PostgresServer>; users: number };
const holder = globalThis as { [HANDLE]?: Handle };

export default async function setup(project: TestProject) {
  const handle = (holder[HANDLE] ??= {
    users: 0,
    server: (async () => {
      const started = performance.now();
      const server = await startPostgres();
      await prepareDatabase(server, TEMPLATE);
      console.info(
        `PostgreSQL 17 test cluster on port ${server.port}, template migrated in ${Math.round(performance.now() - started)} ms`,
      );
      return server;
    })(),
  });
  handle.users++;
  const server = await handle.server;
  project.provide('postgres', { port: server.port, dataDir: server.dataDir, template: TEMPLATE });
  return async () => {
    if (--handle.users > 0) return;
    delete holder[HANDLE];
    await server.stop();
  };
}
