/**
 * A connection PostgreSQL ends while an API request holds it (a restart, a failover) fails that
 * request and nothing else: before, the 'error' event of a checked-out connection with no query
 * running had no listener and crashed the whole local backend (found by `npm run bench:night`'s
 * cut; docs/decisions/050-the-night-with-a-cut.md).
 */
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DB_HOST, DB_PASSWORD, DB_SUPERUSER } from '../../supabase/local/constants.ts';
import { inTransaction } from '../../supabase/local/sql-client.ts';

const { port } = inject('postgres');
const url = `postgresql://${DB_SUPERUSER}:${DB_PASSWORD}@${DB_HOST}:${port}/postgres`;
const pool = new pg.Pool({ connectionString: url, max: 2 });
pool.on('error', () => undefined);
afterAll(() => pool.end());

describe('a connection ended under a request', () => {
  it('fails the request, drops the connection and keeps the process alive', async () => {
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listen);
    try {
      const request = inTransaction(pool, async (tx) => {
        const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() pid')).rows;
        // Ended by the server between two queries, as a fast shutdown does.
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]).finally(() => admin.end());
        await new Promise((r) => setTimeout(r, 300));
        return tx.query('select 1');
      });
      await expect(request).rejects.toThrow();
      expect(uncaught).toEqual([]);
      // The pool serves the next request on a new connection.
      expect((await inTransaction(pool, (tx) => tx.query('select 1 one'))).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      process.off('uncaughtException', listen);
    }
  });
});
