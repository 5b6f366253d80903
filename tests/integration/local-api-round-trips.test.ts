/**
 * A call to the local API holds its pool connection for five queries (supabase/local/rest.ts,
 * postgrest/rpc.ts): begin, the settings in one statement, the routine's signature, the call
 * with its response.status, commit. Each query is CPU for the API process and a turn of its loop
 * with the connection held; on a shared CPU, eight per call made the pool of 20 the night
 * rehearsal's queue (npm run bench:night; docs/decisions/050-the-night-with-a-cut.md).
 */
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();

/** The queries run on connections checked out of the API pool while `work` runs. */
async function queriesDuring(work: () => Promise<void>): Promise<string[]> {
  const texts: string[] = [];
  const spied = new Set<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (spied.has(client)) return;
    spied.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    vi.spyOn(client, 'query').mockImplementation(((...args: unknown[]) => {
      const text = args[0] as string | { text: string };
      texts.push((typeof text === 'string' ? text : text.text).trim().slice(0, 60));
      return original(...args);
    }) as never);
  };
  backend.db.api.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    backend.db.api.off('acquire', onAcquire);
    for (const client of spied) vi.mocked(client.query).mockRestore();
  }
  return texts;
}

const vote = (code: string) =>
  fetch(`${backend.url}/rest/v1/rpc/cast_vote`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      round_id: crypto.randomUUID(),
      candidate_id: crypto.randomUUID(),
      vote_id: crypto.randomUUID(),
    }),
  });

describe('a call to the local API', () => {
  it('holds its pool connection for five queries, the HTTP status set by the function included', async () => {
    // Warm: the function's volatility is read once, outside the transaction (its own test).
    await vote('ZZZZ-ZZZZ');
    let response: Response | undefined;
    const queries = await queriesDuring(async () => {
      response = await vote('ZZZZ-ZZZZ');
    });
    // An unknown pass: the refusal is set by the function through response.status and commits.
    expect(response!.status).toBe(404);
    expect(((await response!.json()) as { message: string }).message).toBe(
      'Pass inconnu\u00a0: vérifiez le code.',
    );
    expect(queries, queries.join('\n')).toHaveLength(5);
  });
});
