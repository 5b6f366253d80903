/**
 * The local HTTP layer's answer when PostgreSQL is out of reach (supabase/local/pg-errors.ts):
 * PostgREST's 503 / 504 with its PGRST00x code, which the app takes as the network and sends
 * again with the same id (docs/decisions/050-the-night-with-a-cut.md). The night rehearsal
 * (npm run bench:night) found the doors showing "Réessayez" on a 400 instead of judging offline.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../supabase/local/pg-errors';
import { toDataError } from '@/lib/errors';

/** A port nothing listens on: the error pg gives when PostgreSQL is stopped. */
async function refusedError(): Promise<Error> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
  return client.connect().then(
    () => new Error('connected'),
    (error: Error) => error,
  );
}

describe('the local API with PostgreSQL out of reach', () => {
  it('answers 503 PGRST000 to a refused connection, which the app takes as the network', async () => {
    const error = toHttpError(await refusedError(), 'anon');
    expect(error.status).toBe(503);
    expect(error.body.code).toBe('PGRST000');
    expect(toDataError(error.body, 'm').kind).toBe('network');
  });

  it('answers 503 PGRST001 to a connection the server ended, 504 PGRST003 to a full pool', () => {
    const ended = toHttpError(new Error('Connection terminated unexpectedly'), 'anon');
    expect([ended.status, ended.body.code]).toEqual([503, 'PGRST001']);
    const full = toHttpError(new Error('timeout exceeded when trying to connect'), 'anon');
    expect([full.status, full.body.code]).toEqual([504, 'PGRST003']);
    expect(toDataError(full.body, 'm').kind).toBe('network');
  });

  it('keeps a database refusal a refusal', () => {
    const refusal = Object.assign(new Error('Pass inconnu'), { code: 'P0001', hint: 'x' });
    expect(toHttpError(refusal, 'anon').status).toBe(400);
  });
});
