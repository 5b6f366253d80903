import type { DoorAnswer, DoorScan } from '@/data/door/check-in';
import { offlineStore } from '@/lib/offline-store';

/**
 * Scans the door could not send (no network), kept on the phone in IndexedDB until they are
 * sent: a reload, a closed tab or a flat battery loses none. Each keeps the scan id it was
 * first tried with, so a retry after a lost answer is never counted twice (check_in is
 * idempotent per scan id). Without IndexedDB (some private modes) the queue lives in memory as
 * long as the page.
 */
export type QueuedScan = DoorScan & {
  queuedAt: number;
  /** The time of the scan, sent with it (door_sync): the entry's time, not the upload's. */
  scannedAt?: string;
  /** The pass's door reference (a phone search's match): sent instead of a code. */
  ref?: string;
  /** The verdict the steward saw offline, from the door list (none without a list). */
  offlineVerdict?: DoorAnswer['verdict'];
  /**
   * The list's pass this phone admitted the scan as (offline): when the database finds no pass
   * for it (a code that matched only a 24-bit check, docs/decisions/042-a-door-list-without-codes.md),
   * this phone's own entry of that pass is taken back.
   */
  matched?: string;
};

/** Same names as before the shared store (src/lib/offline-store.ts): queued scans survive an update. */
const store = offlineStore('booster-door', 'pending-scans');

export async function queueScan(
  scan: DoorScan,
  extra: Pick<QueuedScan, 'scannedAt' | 'ref' | 'offlineVerdict' | 'matched'> = {},
): Promise<QueuedScan> {
  const queued: QueuedScan = { ...scan, ...extra, queuedAt: Date.now() };
  await store.set(queued.scanId, queued);
  return queued;
}

export async function removeQueuedScan(scanId: string): Promise<void> {
  await store.del(scanId);
}

/** The queued scans, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  const scans = (await store.entries<QueuedScan>()).map(([, scan]) => scan);
  return scans.sort((a, b) => a.queuedAt - b.queuedAt);
}
