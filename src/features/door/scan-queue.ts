import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { DoorAnswer, DoorScan } from '@/data/door/check-in';

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

type Backend = {
  put(scan: QueuedScan): Promise<void>;
  remove(scanId: string): Promise<void>;
  all(): Promise<QueuedScan[]>;
};

function memoryBackend(): Backend {
  const scans = new Map<string, QueuedScan>();
  return {
    put: async (scan) => void scans.set(scan.scanId, scan),
    remove: async (scanId) => void scans.delete(scanId),
    all: async () => [...scans.values()],
  };
}

function indexedDbBackend(store: UseStore): Backend {
  return {
    put: (scan) => set(scan.scanId, scan, store),
    remove: (scanId) => del(scanId, store),
    all: () => values<QueuedScan>(store),
  };
}

let backend: Promise<Backend> | undefined;

/** IndexedDB when it works (opening it can fail in private modes), memory otherwise. */
function open(): Promise<Backend> {
  backend ??= (async () => {
    if (typeof indexedDB === 'undefined') return memoryBackend();
    try {
      const store = createStore('booster-door', 'pending-scans');
      await values(store);
      return indexedDbBackend(store);
    } catch {
      return memoryBackend();
    }
  })();
  return backend;
}

export async function queueScan(
  scan: DoorScan,
  extra: Pick<QueuedScan, 'scannedAt' | 'ref' | 'offlineVerdict' | 'matched'> = {},
): Promise<QueuedScan> {
  const queued: QueuedScan = { ...scan, ...extra, queuedAt: Date.now() };
  await (await open()).put(queued);
  return queued;
}

export async function removeQueuedScan(scanId: string): Promise<void> {
  await (await open()).remove(scanId);
}

/** The queued scans, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  const scans = await (await open()).all();
  return scans.sort((a, b) => a.queuedAt - b.queuedAt);
}
