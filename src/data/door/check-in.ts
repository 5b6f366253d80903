import { DataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';
import { callDoorRpc, type DoorReturns } from './door-rpc';

/**
 * The door check-in (docs/decisions/009-night-party-operations.md): `check_in` /
 * `check_in_by_phone` (atomic; the same scan id sent again is answered 'validated' again, so an
 * offline queue may retry safely) and the live count `door_count`. Door staff sign in through
 * src/data/staff/door-sign-in.ts.
 */

export const CHECK_IN_FAILED = 'Le contrôle n’a pas pu être enregistré. Réessayez.';
const COUNT_FAILED = 'Le compteur des entrées est indisponible.';

type DoorVerdict = 'validated' | 'already' | 'unknown' | 'waitlisted' | 'cancelled';

export type DoorAnswer = {
  verdict: DoorVerdict;
  firstName: string | null;
  lastInitial: string | null;
  maskedPhone: string | null;
  /** ISO time of the entry (validated, already). */
  checkedInAt: string | null;
  /** The door of the entry (null when checked in by hand from the administration). */
  door: string | null;
  /** Checked in by hand from the administration's list, not at a door. */
  byHand: boolean;
  /** Waitlist position (waitlisted). */
  position: number | null;
};

/** One check-in attempt: a pass code (as scanned or typed) or a phone, at a door. */
export type DoorScan = {
  /** Client id of the scan: sent again on a retry, never counted twice. */
  scanId: string;
  kind: 'code' | 'phone';
  value: string;
  door: string;
  /**
   * The token the pass's QR held after its link (src/lib/pass-code.ts qrTokenOf): sent and
   * judged instead of the code (docs/decisions/042-a-door-list-without-codes.md).
   */
  token?: string;
};

/** When the door takes check-ins: around the concert (docs/decisions/017-roles-and-door-window.md). */
export type DoorWindow = { opensAt: string; closesAt: string; open: boolean };

/** Entries at one door (entries by hand from the administration have no door). */
export type DoorEntries = { door: string; entered: number; lastTenMinutes: number };

export type DoorCount = {
  entered: number;
  expected: number;
  lastTenMinutes: number;
  /** null when the database does not say (an older answer). */
  window: DoorWindow | null;
  /** Per door, by door name. */
  perDoor: DoorEntries[];
  /** Passes admitted offline at a second door after their entry (door_double_entries). */
  doubleEntries: number;
};

const VERDICTS: readonly DoorVerdict[] = [
  'validated',
  'already',
  'unknown',
  'waitlisted',
  'cancelled',
];

/** A check-in's fields, as check_in and door_sync's results answer them (ADR 054). */
type DoorCheckIn = Omit<
  Database['public']['CompositeTypes']['door_check_in'],
  'code' | 'message' | 'hint' | 'details'
>;

/** check_in's answer -> DoorAnswer. */
export function toDoorAnswer(a: DoorCheckIn | null): DoorAnswer {
  const verdict = VERDICTS.find((v) => v === a?.verdict);
  if (!a || !verdict) throw new DataError('unknown', CHECK_IN_FAILED, { details: a });
  return {
    verdict,
    firstName: a.first_name,
    lastInitial: a.last_initial,
    maskedPhone: a.masked_phone,
    checkedInAt: a.checked_in_at,
    door: a.door,
    byHand: a.by_hand === true,
    position: a.position,
  };
}

function toDoorCount(a: DoorReturns<'door_count'> | null): DoorCount {
  const w = a?.window;
  return {
    entered: a?.entered ?? 0,
    expected: a?.expected ?? 0,
    lastTenMinutes: a?.last_10_minutes ?? 0,
    window: toDoorWindow(w ?? null),
    perDoor: (a?.per_door ?? []).map((d) => ({
      door: d.door ?? '',
      entered: d.entered ?? 0,
      lastTenMinutes: d.last_10_minutes ?? 0,
    })),
    doubleEntries: a?.double_entries ?? 0,
  };
}

/** The door's window (door_count's, door_list's); null when the database does not say. */
export function toDoorWindow(
  w: Database['public']['CompositeTypes']['door_window'] | null,
): DoorWindow | null {
  return w?.opens_at && w.closes_at
    ? { opensAt: w.opens_at, closesAt: w.closes_at, open: w.open === true }
    : null;
}

/**
 * Checks a pass in by its code (or its QR's token) or by its holder's phone, at `scan.door`. A lost network throws
 * DataError 'network' (queue the scan and send it again later with the same scanId); a session
 * that may no longer check in throws 'forbidden' with DOOR_SESSION_EXPIRED; outside the door
 * window 'closed', too many phone look-ups 'limited' (reason door_lookup_limited), each with
 * the database's French message.
 */
export async function checkIn(scan: DoorScan): Promise<DoorAnswer> {
  const data =
    scan.kind === 'code'
      ? await callDoorRpc(
          (supabase, signal) =>
            supabase
              .rpc('check_in', {
                code: scan.token ?? scan.value,
                door: scan.door,
                scan_id: scan.scanId,
              })
              .abortSignal(signal),
          CHECK_IN_FAILED,
        )
      : await callDoorRpc(
          (supabase, signal) =>
            supabase
              .rpc('check_in_by_phone', {
                phone: scan.value,
                door: scan.door,
                scan_id: scan.scanId,
              })
              .abortSignal(signal),
          CHECK_IN_FAILED,
        );
  return toDoorAnswer(data);
}

/**
 * The live count: entered / expected (confirmed places) and entries in the last 10 minutes, in
 * all and per door, and how many double entries were recorded.
 */
export async function getDoorCount(): Promise<DoorCount> {
  return toDoorCount(
    await callDoorRpc(
      (supabase, signal) => supabase.rpc('door_count').abortSignal(signal),
      COUNT_FAILED,
    ),
  );
}
