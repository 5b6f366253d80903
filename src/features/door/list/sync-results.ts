import { toDoorAnswer, type DoorAnswer } from '@/data/door/check-in';
import type { QueuedScan } from '../scan-queue';

/** What door_sync answered for one queued scan. */
export type SyncResult = {
  scanId: string;
  answer: DoorAnswer;
  /** Admitted offline at another door first: recorded as a double entry, not a second entry. */
  doubleEntry: boolean;
};

/** At most this many scans per door_sync call (the database's limit). */
export const SYNC_BATCH = 200;

type Json = Record<string, unknown>;

/** door_sync's JSON → one result per scan it answered ('double_entry' reads as already in). */
export function toSyncResults(json: unknown): SyncResult[] {
  const rows = ((json ?? {}) as Json).results;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: Json) => {
    if (typeof row?.scan_id !== 'string') return [];
    const doubleEntry = row.double_entry === true || row.verdict === 'double_entry';
    // A double entry is, for the steward, a pass that had entered already.
    const verdict = row.verdict === 'double_entry' ? 'already' : row.verdict;
    try {
      return [{ scanId: row.scan_id, answer: toDoorAnswer({ ...row, verdict }), doubleEntry }];
    } catch {
      return [];
    }
  });
}

/** A queued scan as door_sync takes it: its code, or the reference a phone search found. */
export function toSyncScan(scan: QueuedScan) {
  return {
    scan_id: scan.scanId,
    ...(scan.ref ? { ref: scan.ref } : { code: scan.value }),
    scanned_at: scan.scannedAt ?? new Date(scan.queuedAt).toISOString(),
    // What the steward saw, in door_sync's words ('valid' for an admitted pass).
    offline_verdict: scan.offlineVerdict === 'validated' ? 'valid' : (scan.offlineVerdict ?? null),
  };
}

/** The queued scans grouped per door and in batches door_sync accepts, oldest first. */
export function syncBatches(scans: QueuedScan[]): { door: string; scans: QueuedScan[] }[] {
  const batches: { door: string; scans: QueuedScan[] }[] = [];
  for (const scan of scans) {
    const last = batches.findLast((b) => b.door === scan.door && b.scans.length < SYNC_BATCH);
    if (last) last.scans.push(scan);
    else batches.push({ door: scan.door, scans: [scan] });
  }
  return batches;
}
