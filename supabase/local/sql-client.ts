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

/** Run `work` in one transaction on a connection of `pool`; any error rolls it back. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Sql, client: pg.PoolClient) => Promise<T>,
  begin = 'begin',
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  // A connection the server ends while this request holds it between two queries (PostgreSQL
  // restarting) is an 'error' event with no query to fail: unheard, it would crash the whole
  // backend. Heard, the request fails on its next query and the connection is dropped
  // (docs/decisions/050-the-night-with-a-cut.md).
  const lost = () => {
    broken = true;
  };
  client.on('error', lost);
  try {
    await client.query(begin);
    const result = await work(sqlOf(client), client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}
