/**
 * The sender writes a message's result again while the database restarts (supabase/functions/
 * send-messages/outbox-api.ts): a result lost leaves the row in 'sending', sent again 10 minutes
 * later, a second SMS to the same person (found by `npm run bench:night`'s cut, ADR 050).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxApi } from '../../supabase/functions/send-messages/outbox-api.ts';
import type { OutboxRow } from '../../supabase/functions/send-messages/types.ts';

const row = { id: '00000000-0000-4000-8000-000000000001' } as OutboxRow;
const sent = { ok: true as const, providerId: 'SM1' };

afterEach(() => vi.unstubAllGlobals());

/** Each answer: a status (PostgREST's PGRST000 body), 0 for no answer, or [status, SQLSTATE]. */
function answers(...statuses: (number | [number, string])[]) {
  const fetch = vi.fn(async () => {
    const next = statuses.shift() ?? 200;
    const [status, code] = typeof next === 'number' ? [next, 'PGRST000'] : next;
    if (status === 0) throw new TypeError('fetch failed');
    return new Response(status === 200 ? '"sent"' : `{"code":"${code}"}`, { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("the sender's result during a restart", () => {
  it('is written again until the database answers', async () => {
    const fetch = answers(503, 0, 200);
    const api = outboxApi('http://api.test', 'key', { recordPatienceMs: 10_000 });
    await expect(api.record(row, 'twilio', sent)).resolves.toBe('sent');
    expect(fetch).toHaveBeenCalledTimes(3);
  }, 15_000);

  it("is written again after PostgREST's 500 for a connection ended by the shutdown or a database starting up", async () => {
    const fetch = answers([500, '57P01'], [500, '57P03'], 200);
    const api = outboxApi('http://api.test', 'key', { recordPatienceMs: 10_000 });
    await expect(api.record(row, 'twilio', sent)).resolves.toBe('sent');
    expect(fetch).toHaveBeenCalledTimes(3);
  }, 15_000);

  it('is given up after its patience, and a refusal at once', async () => {
    answers(503, 503, 503);
    const patient = outboxApi('http://api.test', 'key', { recordPatienceMs: 1500 });
    await expect(patient.record(row, 'twilio', sent)).rejects.toThrow(/HTTP 503/);
    const fetch = answers(400, [500, 'P0001']);
    const api = outboxApi('http://api.test', 'key', { recordPatienceMs: 10_000 });
    await expect(api.record(row, 'twilio', sent)).rejects.toThrow(/HTTP 400/);
    await expect(api.record(row, 'twilio', sent)).rejects.toThrow(/HTTP 500/);
    expect(fetch).toHaveBeenCalledTimes(2);
  }, 15_000);

  it('reads the answer’s own SQLSTATE, not one written further inside it', async () => {
    const body = '{"code":"P0001","message":"refusé","details":{"code":"57P01"}}';
    const fetch = vi.fn(async () => new Response(body, { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const api = outboxApi('http://api.test', 'key', { recordPatienceMs: 10_000 });
    await expect(api.record(row, 'twilio', sent)).rejects.toThrow(/HTTP 500/);
    expect(fetch).toHaveBeenCalledTimes(1);
  }, 15_000);
});
