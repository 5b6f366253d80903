import type { DoorAnswer } from '@/data/door/check-in';
import {
  SYNC_BATCH_MAX,
  type OfflineVerdict,
  type QueuedScan as SyncScan,
  type SyncResult,
  type SyncVerdict,
} from '@/data/door/door-sync';
import type { QueuedScan } from '../scan-queue';
import { phoneDigitsOf } from '../door-input';

/** A queued scan once sent: the database's answer, or why it was not taken. */
export type SentScan = {
  scan: QueuedScan;
  answer?: DoorAnswer;
  /** Admitted offline after the pass had entered elsewhere: recorded, not a second entry. */
  doubleEntry?: boolean;
  message?: string;
};

const NOT_ENTERED = 'Pas enregistré : scannez ce pass de nouveau pour le laisser entrer.';
const LIMITED =
  'Pas enregistré : trop de contrôles depuis ce compte en une minute. L’administration est prévenue.';

/**
 * A queued scan as door_sync takes it: the code the phone read or the steward typed (the
 * database checks codes, docs/decisions/036-door-admits-what-it-scanned.md), or the reference a
 * phone search found with the 9 digits typed, the time of the scan, and what the steward was
 * shown ('valid': let in; nothing: no list on the phone, no verdict shown).
 */
export function toSyncScan(scan: QueuedScan): SyncScan {
  const base = {
    scanId: scan.scanId,
    scannedAt: scan.scannedAt ?? new Date(scan.queuedAt).toISOString(),
    offlineVerdict: (scan.offlineVerdict === 'validated' ? 'valid' : null) as OfflineVerdict | null,
  };
  // The QR's token when it held one: door_sync takes it as `code` (ADR 042).
  if (!scan.ref) return { ...base, code: scan.token ?? scan.value };
  const phone = scan.kind === 'phone' ? phoneDigitsOf(scan.value) : null;
  return phone ? { ...base, ref: scan.ref, phone } : { ...base, ref: scan.ref };
}

/** door_sync's result as the door shows it: a double entry reads as "déjà entré" at the first door. */
export function toSentScan(scan: QueuedScan, result: SyncResult | undefined): SentScan {
  if (!result) return { scan, message: NOT_ENTERED };
  const { verdict, doubleEntry, ...rest }: { verdict: SyncVerdict } & typeof result = result;
  if (verdict === 'not_entered') return { scan, message: NOT_ENTERED };
  if (verdict === 'limited') return { scan, message: LIMITED };
  const answer: DoorAnswer = { ...rest, verdict: verdict === 'double_entry' ? 'already' : verdict };
  return { scan, answer, doubleEntry };
}

/** The queued scans grouped per door, in batches door_sync accepts, oldest first. */
export function syncBatches(scans: QueuedScan[]): { door: string; scans: QueuedScan[] }[] {
  const batches: { door: string; scans: QueuedScan[] }[] = [];
  for (const scan of scans) {
    const open = batches.find((b) => b.door === scan.door && b.scans.length < SYNC_BATCH_MAX);
    if (open) open.scans.push(scan);
    else batches.push({ door: scan.door, scans: [scan] });
  }
  return batches;
}
