/**
 * Vitest setup file (integration and component projects): every test file gets its own
 * database, cloned from the run's migrated template (tests/setup/postgres-global.ts), and its
 * own API server on a free port; the app's environment points at it. Helpers:
 * tests/setup/test-backend.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import ws from 'ws';
import { ANON_KEY, DB_PASSWORD, DB_HOST, DB_SUPERUSER } from '../../supabase/local/constants.ts';
import { cloneDatabase } from '../../supabase/local/database.ts';
import type { PostgresServer } from '../../supabase/local/postgres.ts';
import { startServer } from '../../supabase/local/server.ts';
import { registerTestBackend } from './test-backend.ts';

globalThis.WebSocket ??= ws as unknown as typeof WebSocket;

const { port, dataDir, template } = inject('postgres');
const cluster: PostgresServer = {
  port,
  dataDir,
  created: false,
  url: (database, role = DB_SUPERUSER) =>
    `postgresql://${role}:${DB_PASSWORD}@${DB_HOST}:${port}/${database}`,
  stop: async () => undefined,
};
const db = await cloneDatabase(cluster, template, `test_${randomBytes(6).toString('hex')}`);
// Most tests write far more often than a visitor may (docs/decisions/007-abuse-resistance.md,
// 016-trusted-address-and-proof-of-work.md): this file's database gets an easy proof of work, no
// rate limit (challenges included) and no surge levels; the abuse tests put the migrations'
// values back with `backend.restoreAbuseSettings()`.
const configured = await db.admin.query<{ sql: string }>(
  `select format('update private.abuse_settings set pow_max_number = %s, pow_ttl_seconds = %s, '
                 'client_address_header = %L, pow_level_factor = %s, pow_max_level = %s;',
                 pow_max_number, pow_ttl_seconds, client_address_header, pow_level_factor,
                 pow_max_level)
          || (select string_agg(format('update private.rate_limits set window_seconds = %s, '
                                       'max_per_address = %s, surge_ceiling = %s where action = %L;',
                                       window_seconds, max_per_address,
                                       coalesce(surge_ceiling::text, 'null'), action), ' ')
                from private.rate_limits) as sql
     from private.abuse_settings`,
);
await db.admin.query(
  'update private.abuse_settings set pow_max_number = 1000; ' +
    'update private.rate_limits set max_per_address = 100000, surge_ceiling = null',
);
// The migration's edition (April 2025) is over: here the Night Party is in 30 days and
// reservations are open, so every file can reserve (tests of the window use setEdition).
await db.admin.query(
  `update public.edition_settings
      set concert_starts_at = now() + interval '30 days',
          doors_open_at = now() + interval '30 days' - interval '2 hours',
          reservations_open_at = now() - interval '1 day', reservations_close_at = null`,
);
const server = await startServer({ db, host: '127.0.0.1', port: 0 });
registerTestBackend({
  url: server.url,
  db,
  settings: server.settings,
  abuseSettingsSql: configured.rows[0].sql,
});
vi.stubEnv('VITE_SUPABASE_URL', server.url);
vi.stubEnv('VITE_SUPABASE_ANON_KEY', ANON_KEY);

afterAll(async () => {
  registerTestBackend(undefined);
  await server.close();
  await db.close();
});
