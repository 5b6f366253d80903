/**
 * The local API reads a function's volatility once (supabase/local/rest.ts), as PostgREST keeps
 * it in its schema cache: asked on every call, it cost each of the night's polls a query and a
 * pool checkout more (npm run bench:night; docs/decisions/050-the-night-with-a-cut.md).
 */
import { describe, expect, it, vi } from 'vitest';
import { ANON_KEY } from '../../supabase/local/constants.ts';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();

const call = (fn: string) =>
  fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: '{}',
  });

describe("a function's volatility", () => {
  it('is read once, not on every call', async () => {
    const query = vi.spyOn(backend.db.api, 'query');
    const volatilityReads = () =>
      query.mock.calls.filter(([text]) => String(text).includes('provolatile')).length;
    for (let i = 0; i < 3; i++) expect((await call('vote_screen_state')).status).toBe(200);
    expect(volatilityReads()).toBe(1);
    // A name with no function is asked again (it may be created later).
    for (let i = 0; i < 2; i++) expect((await call('no_such_function_yet')).status).toBe(404);
    expect(volatilityReads()).toBe(3);
  });
});
