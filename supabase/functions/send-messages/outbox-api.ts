import type { Channel, Outcome, OutboxRow } from './types.ts';

/**
 * The outbox's two service functions through PostgREST, with the service key (the function's
 * environment): outbox_claim and outbox_record (supabase/schemas/61_outbox.sql). Plain fetch:
 * two calls need no client library.
 */
export type OutboxApi = {
  claim(batchSize: number, channels: Channel[]): Promise<OutboxRow[]>;
  record(row: OutboxRow, provider: string, outcome: Outcome): Promise<string | null>;
};

export function outboxApi(supabaseUrl: string, serviceKey: string): OutboxApi {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc`;
  const headers = {
    apikey: serviceKey,
    Authorization: `Bearer ${serviceKey}`,
    'Content-Type': 'application/json',
  };
  async function rpc(fn: string, args: Record<string, unknown>): Promise<unknown> {
    const response = await fetch(`${base}/${fn}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${fn}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
  return {
    async claim(batchSize, channels) {
      return (await rpc('outbox_claim', { batch_size: batchSize, channels })) as OutboxRow[];
    },
    async record(row, provider, outcome) {
      return (await rpc(
        'outbox_record',
        outcome.ok
          ? { id: row.id, ok: true, provider, provider_id: outcome.providerId }
          : {
              id: row.id,
              ok: false,
              provider,
              error: outcome.error,
              retry_after: outcome.retryAfter ?? null,
              permanent: outcome.permanent ?? false,
            },
      )) as string | null;
    },
  };
}
