/**
 * Vitest setup file (integration and component projects): every test file gets its own
 * in-memory embedded backend (bootstrap + migrations, no seed) on a free port, and the app's
 * environment points at it. Helpers: tests/setup/test-backend.ts.
 */
import { afterAll, vi } from 'vitest';
import ws from 'ws';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import { createDatabase } from '../../supabase/local/database.ts';
import { startServer } from '../../supabase/local/server.ts';
import { registerTestBackend } from './test-backend.ts';

globalThis.WebSocket ??= ws as unknown as typeof WebSocket;

const db = await createDatabase();
const server = await startServer({ db, host: '127.0.0.1', port: 0 });
registerTestBackend({ url: server.url, db });
vi.stubEnv('VITE_SUPABASE_URL', server.url);
vi.stubEnv('VITE_SUPABASE_ANON_KEY', ANON_KEY);

afterAll(async () => {
  registerTestBackend(undefined);
  await server.close();
  await db.close();
});
