import { DataError } from '@/lib/errors';
import { callDoorRpc, int, text, type Json } from './door-rpc';

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

/** check_in's JSON -> DoorAnswer. */
export function toDoorAnswer(json: unknown): DoorAnswer {
  const j = (json ?? {}) as Json;
  const verdict = VERDICTS.find((v) => v === j.verdict);
  if (!verdict) throw new DataError('unknown', CHECK_IN_FAILED, { details: json });
  return {
    verdict,
    firstName: text(j.first_name),
    lastInitial: text(j.last_initial),
    maskedPhone: text(j.masked_phone),
    checkedInAt: text(j.checked_in_at),
    door: text(j.door),
    byHand: j.by_hand === true,
    position: int(j.position),
  };
}

function toDoorCount(json: unknown): DoorCount {
  const j = (json ?? {}) as Json;
  const w = (j.window ?? null) as Json | null;
  const opensAt = text(w?.opens_at);
  const closesAt = text(w?.closes_at);
  return {
    entered: int(j.entered) ?? 0,
    expected: int(j.expected) ?? 0,
    lastTenMinutes: int(j.last_10_minutes) ?? 0,
    window: opensAt && closesAt ? { opensAt, closesAt, open: w?.open === true } : null,
    perDoor: (Array.isArray(j.per_door) ? (j.per_door as Json[]) : []).map((d) => ({
      door: text(d.door) ?? '',
      entered: int(d.entered) ?? 0,
      lastTenMinutes: int(d.last_10_minutes) ?? 0,
    })),
    doubleEntries: int(j.double_entries) ?? 0,
  };
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
          'check_in',
          { code: scan.token ?? scan.value, door: scan.door, scan_id: scan.scanId },
          CHECK_IN_FAILED,
        )
      : await callDoorRpc(
          'check_in_by_phone',
          { phone: scan.value, door: scan.door, scan_id: scan.scanId },
          CHECK_IN_FAILED,
        );
  return toDoorAnswer(data);
}

/**
 * The live count: entered / expected (confirmed places) and entries in the last 10 minutes, in
 * all and per door, and how many double entries were recorded.
 */
export async function getDoorCount(): Promise<DoorCount> {
  return toDoorCount(await callDoorRpc('door_count', {}, COUNT_FAILED));
}
