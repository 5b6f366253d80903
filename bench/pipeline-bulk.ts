/**
 * The contest pipeline's bulk action at scale (step 9 of `npm run bench`, bench/run.ts;
 * docs/decisions/010-organiser-workspace.md): the admin selects 1,000 participants spread over
 * the 50,000 and changes their status in one call (rpc/admin_set_status), with a history row
 * each and one journal row. Each run sets another status, so every run changes all 1,000 rows.
 * It must take under 1 s.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalDatabase } from '../supabase/local/database.ts';
import { out, time, type Timing } from './support/print.ts';

/** The pipeline's bulk action: participants per call, and the time it must stay under. */
const BULK_STATUS = 1000;
const BULK_STATUS_MAX_MS = 1000;

/** Time the bulk status change through `seed` (an admin's client); failures go to `failures`. */
export async function pipelineBulk(
  db: LocalDatabase,
  seed: SupabaseClient,
  counts: { p: number },
  failures: string[],
): Promise<Timing> {
  out(`\nPipeline bulk action at ${counts.p.toLocaleString('en')} participants`);
  const { rows: bulkRows } = await db.admin.query<{ id: string }>(
    `select id::text from (select id, row_number() over (order by created_at, id) as n
                             from public.participants where deleted_at is null) s
      where n % $1 = 0 order by n limit $2`,
    [Math.max(1, Math.floor(counts.p / BULK_STATUS)), BULK_STATUS],
  );
  const bulkIds = bulkRows.map((r) => r.id);
  const bulkStatuses = ['preselectionne', 'convoque', 'finaliste', 'refuse'];
  let bulkRun = 0;
  const bulk = await time(
    `Status of ${bulkIds.length.toLocaleString('en')} participants, one call (rpc/admin_set_status)`,
    async () => {
      const status = bulkStatuses[bulkRun++ % bulkStatuses.length];
      const { data, error } = await seed.rpc('admin_set_status', { ids: bulkIds, status });
      if (error) throw error;
      return Number(data);
    },
  );
  if (bulk.rows !== BULK_STATUS) {
    failures.push(`bulk status change: ${bulk.rows} participants changed, ${BULK_STATUS} expected`);
  }
  if (bulk.ms > BULK_STATUS_MAX_MS) {
    failures.push(
      `bulk status change of ${BULK_STATUS} participants: ${bulk.ms.toFixed(0)} ms ` +
        `(over ${BULK_STATUS_MAX_MS} ms)`,
    );
  }
  return bulk;
}

/** The summary line of the bulk action. */
export function printPipelineBulk(bulk: Timing, counts: { p: number }): void {
  out(
    `\nPipeline bulk action: the status of ${BULK_STATUS.toLocaleString('en')} participants among ` +
      `${counts.p.toLocaleString('en')} in one call (rpc/admin_set_status, history and journal ` +
      `included): ${bulk.ms.toFixed(0)} ms (median of ${bulk.runs} runs; must stay under ` +
      `${BULK_STATUS_MAX_MS} ms)`,
  );
}
