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

/**
 * A result that could not be written (the database restarting: the API answers 502-504, or no
 * answer) is written again, 1, 2, 4… s apart for up to `recordPatienceMs`: the message left, and
 * a row left in 'sending' would be sent again 10 minutes later, a second SMS to the same person.
 * outbox_record ignores a result for a row no longer in 'sending', so writing it twice is safe.
 * The worker waits meanwhile and sends nothing more (docs/decisions/050-the-night-with-a-cut.md).
 */
const RECORD_PATIENCE_MS = 60_000;
/**
 * No answer, a gateway's 502-504, or PostgREST's 500 for SQLSTATE class 57 "operator
 * intervention" (57P01 a connection ended by a shutdown, 57P02 a crash, 57P03 still starting):
 * PostgREST maps class 57 to 500, and `npm run bench:night` caught a result lost to it.
 */
const OPERATOR_INTERVENTION = new Set(['57P01', '57P02', '57P03']);

/** PostgREST's error body's SQLSTATE ({"code": "57P01", …}), or null for any other body. */
function sqlState(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

const unreachable = (status: number, body: string) =>
  status === 0 ||
  (status >= 502 && status <= 504) ||
  (status === 500 && OPERATOR_INTERVENTION.has(sqlState(body) ?? ''));

export function outboxApi(
  supabaseUrl: string,
  serviceKey: string,
  { recordPatienceMs = RECORD_PATIENCE_MS } = {},
): OutboxApi {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc`;
  const headers = {
    apikey: serviceKey,
    Authorization: `Bearer ${serviceKey}`,
    'Content-Type': 'application/json',
  };
  async function rpc(fn: string, args: Record<string, unknown>, patienceMs = 0): Promise<unknown> {
    const deadline = Date.now() + patienceMs;
    for (let wait = 1000; ; wait *= 2) {
      let status = 0;
      let text = '';
      try {
        const response = await fetch(`${base}/${fn}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(args),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        text = await response.text();
        if (response.ok) return text ? JSON.parse(text) : null;
      } catch (error) {
        text = String(error);
      }
      if (!unreachable(status, text) || Date.now() + wait > deadline)
        throw new Error(`${fn}: HTTP ${status} ${text.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
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
        recordPatienceMs,
      )) as string | null;
    },
  };
}
