import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The door check-in (docs/decisions/009-night-party-operations.md): `check_in` /
 * `check_in_by_phone` (atomic; the same scan id sent again is answered 'validated' again, so an
 * offline queue may retry safely) and the live count `door_count`. Door staff sign in through
 * src/data/staff/door-sign-in.ts.
 */

const DOOR_SESSION_EXPIRED =
  'Votre connexion a expiré ou ne permet pas le contrôle : reconnectez-vous.';
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
};

/** When the door takes check-ins: around the concert (docs/decisions/017-roles-and-door-window.md). */
export type DoorWindow = { opensAt: string; closesAt: string; open: boolean };

export type DoorCount = {
  entered: number;
  expected: number;
  lastTenMinutes: number;
  /** null when the database does not say (an older answer). */
  window: DoorWindow | null;
};

/**
 * The database's refusals at the door, each with its French message: outside the door window
 * (door_not_open, door_closed: DataError 'closed') and too many phone look-ups from this account
 * (door_lookup_limited: 'limited'). Nothing was recorded.
 */
const DOOR_CLOSED_REASONS = ['door_not_open', 'door_closed'] as const;

const VERDICTS: readonly DoorVerdict[] = [
  'validated',
  'already',
  'unknown',
  'waitlisted',
  'cancelled',
];
/** A request that has not answered after this long is treated as a network failure (queued). */
const REQUEST_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

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
  };
}

/** An RPC that gives up after REQUEST_TIMEOUT_MS, reported as a network failure. */
async function callDoorRpc(
  name: 'check_in' | 'check_in_by_phone' | 'door_count',
  args: Json,
  fallback: string,
): Promise<unknown> {
  const supabase = await getSupabase();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    const { data, error } = await supabase.rpc(name, args as never).abortSignal(abort.signal);
    if (abort.signal.aborted) throw new DataError('network', fallback);
    if (error) {
      const failure = toDataError(error, fallback);
      if (failure.kind === 'forbidden') throw new DataError('forbidden', DOOR_SESSION_EXPIRED);
      if (DOOR_CLOSED_REASONS.some((r) => r === failure.reason))
        throw new DataError('closed', failure.message, {
          code: failure.code,
          reason: failure.reason,
        });
      throw failure;
    }
    return data;
  } catch (e) {
    if (e instanceof DataError) throw e;
    throw abort.signal.aborted ? new DataError('network', fallback) : toDataError(e, fallback);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a pass in by its code or by its holder's phone, at `scan.door`. A lost network throws
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
          { code: scan.value, door: scan.door, scan_id: scan.scanId },
          CHECK_IN_FAILED,
        )
      : await callDoorRpc(
          'check_in_by_phone',
          { phone: scan.value, door: scan.door, scan_id: scan.scanId },
          CHECK_IN_FAILED,
        );
  return toDoorAnswer(data);
}

/** The live count: entered / expected (confirmed places) and entries in the last 10 minutes. */
export async function getDoorCount(): Promise<DoorCount> {
  return toDoorCount(await callDoorRpc('door_count', {}, COUNT_FAILED));
}
