import type pg from 'pg';

/** What the HTTP layer needs of a connection: parameterised queries and the affected row count. */
export type Sql = {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows: number }>;
};

export function sqlOf(client: pg.ClientBase | pg.Pool): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = await client.query(text, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

/**
 * Run `work` on a connection of `pool`, then give it back. A connection the server ends while
 * this request holds it between two queries (PostgreSQL restarting) is an 'error' event with no
 * query to fail: unheard, it would crash the whole backend. Heard, the request fails on its next
 * query and the connection is dropped (docs/decisions/050-the-night-with-a-cut.md).
 */
async function onConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, drop: () => void) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  const drop = () => {
    broken = true;
  };
  client.on('error', drop);
  try {
    return await work(client, drop);
  } finally {
    client.off('error', drop);
    client.release(broken);
  }
}

/**
 * Run `work` in one transaction on a connection of `pool`; any error rolls it back. `begin` may
 * carry more statements after its own, without parameters, sent in one round trip: `work` gets
 * their rows, one array per statement (docs/decisions/050-the-night-with-a-cut.md).
 */
export function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Sql, client: pg.PoolClient, opened: Record<string, unknown>[][]) => Promise<T>,
  begin = 'begin',
): Promise<T> {
  return onConnection(pool, async (client, drop) => {
    try {
      const results = (await client.query(begin)) as pg.QueryResult | pg.QueryResult[];
      const opened = Array.isArray(results) ? results.slice(1).map((r) => r.rows) : [];
      const result = await work(sqlOf(client), client, opened);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(drop);
      throw error;
    }
  });
}

/**
 * Send `text` (statements without parameters) in one round trip, as one implicit transaction:
 * PostgreSQL commits it after the last statement, or rolls it all back at the first error
 * (docs/decisions/050-the-night-with-a-cut.md). The rows of each statement.
 */
export function inOneTrip(pool: pg.Pool, text: string): Promise<Record<string, unknown>[][]> {
  return onConnection(pool, async (client) => {
    const results = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(results) ? results : [results]).map((r) => r.rows);
  });
}
