import type { SenderConfig } from './config.ts';
import type { OutboxApi } from './outbox-api.ts';
import { Pacer } from './pacer.ts';
import type { Adapter, Channel, OutboxRow } from './types.ts';

/** What one run did: rows claimed, then sent, failed for good, or queued again for later. */
export type RunResult = { claimed: number; sent: number; failed: number; retried: number };

/**
 * One run of the sender (docs/decisions/033-messages-outbox.md): claims due rows in batches
 * (outbox_claim locks them `for update skip locked`, so runs at once never share a row), sends
 * each through its channel's adapter at the provider's pace, and records every result
 * (outbox_record: sent, or queued again with backoff, or failed). Stops when nothing is due or
 * the time budget is spent. A provider that asks to wait (429) gets no more requests until
 * then: its rows claimed meanwhile go back to the queue for when it said, uncounted.
 */
export async function drain(config: SenderConfig, api: OutboxApi): Promise<RunResult> {
  const result: RunResult = { claimed: 0, sent: 0, failed: 0, retried: 0 };
  const channels = Object.keys(config.adapters) as Channel[];
  const pacers = new Map(
    channels.map((c) => [c, new Pacer((config.adapters[c] as Adapter).perSecond)]),
  );
  const started = Date.now();
  while (Date.now() - started < config.budgetMs) {
    const rows = await api.claim(config.batchSize, channels);
    if (rows.length === 0) break;
    result.claimed += rows.length;
    await Promise.all(
      channels.map((channel) =>
        sendAll(
          rows.filter((r) => r.channel === channel),
          config.adapters[channel] as Adapter,
          pacers.get(channel) as Pacer,
          config.concurrency,
          api,
          result,
        ),
      ),
    );
  }
  return result;
}

async function sendAll(
  rows: OutboxRow[],
  adapter: Adapter,
  pacer: Pacer,
  concurrency: number,
  api: OutboxApi,
  result: RunResult,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      const outcome = pacer.blockedFor(0)
        ? {
            ok: false as const,
            error: 'Limite de débit du fournisseur : nouvel essai plus tard.',
            retryAfter: pacer.pauseLeft(),
          }
        : await pacer.turn().then(() => adapter.send(row));
      if (!outcome.ok && outcome.retryAfter) pacer.pause(outcome.retryAfter);
      const state = await api.record(row, adapter.provider, outcome);
      if (state === 'sent') result.sent++;
      else if (state === 'failed') result.failed++;
      else if (state === 'queued') result.retried++;
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, rows.length)) }, worker),
  );
}
