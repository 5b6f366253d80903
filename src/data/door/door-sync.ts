import { DataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';
import { CHECK_IN_FAILED, toDoorAnswer, type DoorAnswer } from './check-in';
import { callDoorRpc } from './door-rpc';
import type { DoorPassState } from './door-list';

/**
 * The door's queue and its phone search (docs/decisions/032-offline-door.md). `door_sync` takes
 * the scans judged offline (or sent while the network failed) with the time of each scan; each
 * is taken once by its scan id, so a retry is safe. A pass two doors admitted offline enters
 * once: the later admission comes back as a recorded double entry.
 */

const SEARCH_FAILED = 'La recherche par téléphone n’a pas pu aboutir. Réessayez.';

/** What the steward was shown offline: 'valid' means the person was let in. */
export type OfflineVerdict = 'valid' | 'already' | 'unknown' | 'waitlisted' | 'cancelled';

/**
 * One queued scan: the pass code the phone read or the steward typed, or the reference a phone
 * search returned: the database takes a bare reference only from the account whose phone search
 * returned it minutes ago, and one with the holder's 9 digits (an offline phone search) as a
 * phone look-up (docs/decisions/036-door-admits-what-it-scanned.md).
 */
export type QueuedScan = {
  scanId: string;
  /** ISO time of the scan on the device (the database keeps it, never in the future). */
  scannedAt: string;
  /** null: no verdict was shown (sent when the network failed): admit if the pass may enter. */
  offlineVerdict: OfflineVerdict | null;
} & ({ ref: string; phone?: string; code?: never } | { code: string; ref?: never; phone?: never });

/** 'limited': over this account's lane (too many scans a minute): nothing recorded. */
export type SyncVerdict = DoorAnswer['verdict'] | 'double_entry' | 'not_entered' | 'limited';

/**
 * The database's verdict on a queued scan: check_in's, or 'double_entry' (admitted offline
 * after the pass had entered elsewhere: recorded, not a second entry; `door` and `checkedInAt`
 * are the first entry's) or 'not_entered' (refused offline but the pass may enter: nothing
 * recorded, scan again to let the person in).
 */
export type SyncResult = Omit<DoorAnswer, 'verdict'> & {
  scanId: string;
  verdict: SyncVerdict;
  doubleEntry: boolean;
};

/** At most this many scans per door_sync call. */
export const SYNC_BATCH_MAX = 200;

type Answer<T extends keyof Database['public']['CompositeTypes']> =
  Database['public']['CompositeTypes'][T];

function toSyncResult(a: Answer<'door_sync_result'>): SyncResult {
  if (!a.scan_id) throw new DataError('unknown', CHECK_IN_FAILED, { details: a });
  const verdict =
    a.verdict === 'double_entry' || a.verdict === 'not_entered' || a.verdict === 'limited'
      ? a.verdict
      : null;
  const answer = toDoorAnswer(verdict ? { ...a, verdict: 'unknown' } : a);
  return {
    ...answer,
    verdict: verdict ?? answer.verdict,
    scanId: a.scan_id,
    doubleEntry: verdict === 'double_entry',
  };
}

/**
 * Sends queued scans (1 to SYNC_BATCH_MAX) taken at `door`; one result per scan, in order. A
 * lost network throws 'network' (keep them queued and send them again as they are).
 */
export async function syncDoorScans(door: string, scans: QueuedScan[]): Promise<SyncResult[]> {
  const data = await callDoorRpc(
    (supabase, signal) =>
      supabase
        .rpc('door_sync', {
          door,
          scans: scans.map((s) => ({
            scan_id: s.scanId,
            ...(s.ref !== undefined
              ? { ref: s.ref, ...(s.phone ? { phone: s.phone } : {}) }
              : { code: s.code }),
            scanned_at: s.scannedAt,
            offline_verdict: s.offlineVerdict,
          })),
        })
        .abortSignal(signal),
    CHECK_IN_FAILED,
  );
  if (!data?.results) throw new DataError('unknown', CHECK_IN_FAILED, { details: data });
  return data.results.map(toSyncResult);
}

/** A pass found by its holder's phone, shown before "Valider l'entrée". */
export type PhoneMatch = {
  /** Confirm with syncDoorScans({ ref, offlineVerdict: 'valid', … }). */
  ref: string;
  firstName: string | null;
  lastInitial: string | null;
  maskedPhone: string | null;
  state: DoorPassState;
  position: number | null;
  checkedInAt: string | null;
  door: string | null;
  byHand: boolean;
};

const PASS_STATES: readonly DoorPassState[] = CheckedValues.reservations.state;

function toPhoneMatch(a: Answer<'door_phone_match'>): PhoneMatch {
  const state = PASS_STATES.find((s) => s === a.state);
  if (!a.ref || !state) throw new DataError('unknown', SEARCH_FAILED, { details: a });
  return {
    ref: a.ref,
    firstName: a.first_name,
    lastInitial: a.last_initial,
    maskedPhone: a.masked_phone,
    state,
    position: a.position,
    checkedInAt: a.checked_in_at,
    door: a.door,
    byHand: a.by_hand === true,
  };
}

/**
 * The passes of a phone (9 digits; spaces, +237 ignored): none or the one it holds. Limited and
 * journaled as a check-in by phone: too many look-ups throw 'limited' with the database's
 * message; outside the door window 'closed'.
 */
export async function searchDoorPhone(phone: string, door: string): Promise<PhoneMatch[]> {
  const data = await callDoorRpc(
    (supabase, signal) => supabase.rpc('door_phone_search', { phone, door }).abortSignal(signal),
    SEARCH_FAILED,
  );
  if (!data?.matches) throw new DataError('unknown', SEARCH_FAILED, { details: data });
  return data.matches.map(toPhoneMatch);
}
