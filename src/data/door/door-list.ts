import { DataError } from '@/lib/errors';
import type { CheckedValues } from '../../../supabase/database.types';
import { callDoorRpc, type DoorReturns } from './door-rpc';
import { toDoorWindow, type DoorWindow } from './check-in';
import type { DoorDerivation } from './door-ref';

/**
 * The door list (docs/decisions/032-offline-door.md): what a door needs to judge every pass of
 * the edition without the network. `door_list` answers the whole list (with the salt and
 * iterations of the checks) when `since` is null, and otherwise only what changed since that
 * version. Never a pass code, never a phone, never a key: an opaque reference, 24 bits of a slow
 * derivation of the code and a hash of the QR's token (./door-ref.ts,
 * docs/decisions/042-a-door-list-without-codes.md), the first name and initial, the phone's last
 * four digits.
 */

const DOOR_LIST_FAILED = 'La liste des pass n’a pas pu être téléchargée.';

/** 'c' confirmed, 'w' waitlisted, 'x' cancelled. */
export type DoorPassState = (typeof CheckedValues.reservations.state)[number];

export type DoorPass = {
  /** The pass's name in the list (opaque: a hash keyed by a key the phone never gets). */
  ref: string;
  /** 3 bytes of PBKDF2 of its code (./door-ref.ts); null until the database has derived it. */
  check: string | null;
  /** SHA-256 of its QR token (./door-ref.ts): what a scanned QR is found by. */
  tokenCheck: string | null;
  firstName: string;
  lastInitial: string | null;
  /** The phone's last four digits (maskedPhoneOf shows them). */
  phoneLast4: string;
  state: DoorPassState;
  /** Rank on the waiting list (waitlisted only). */
  position: number | null;
  /** ISO time of the entry, as of the download. */
  checkedInAt: string | null;
  /** The door of the entry (null when by hand, or not entered). */
  door: string | null;
  byHand: boolean;
};

export type DoorList = {
  /** true: `passes` is the whole list (replace what is stored); false: changes to apply. */
  full: boolean;
  /** Give it back as `since` next time. */
  version: number;
  /** The database's clock at the download (ISO). */
  serverNow: string;
  /** How to derive a code's check (salt and iterations): the full download only. */
  derivation: DoorDerivation | null;
  window: DoorWindow | null;
  passes: DoorPass[];
  /** References that left the list (delta only): remove them before storing `passes`. */
  removed: string[];
};

const STATES: Record<string, DoorPassState> = { c: 'confirmed', w: 'waitlisted', x: 'cancelled' };

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * What door_list answers (supabase/schemas/06_answer_types_door_vote.sql). Its passes stay JSON,
 * one positional array per pass (docs/decisions/032-offline-door.md), decoded here.
 */
export type DoorListAnswer = Partial<Omit<DoorReturns<'door_list'>, 'passes'>> & {
  passes?: unknown;
};

/** One row of door_list's `passes` (a compact array) -> DoorPass. */
function toDoorPass(row: unknown): DoorPass {
  const a = Array.isArray(row) ? (row as unknown[]) : [];
  const ref = text(a[0]);
  const state = STATES[String(a[4])];
  if (!ref || !state) throw new DataError('unknown', DOOR_LIST_FAILED, { details: row });
  return {
    ref,
    check: text(a[9]),
    tokenCheck: text(a[10]),
    firstName: text(a[1]) ?? '',
    lastInitial: text(a[2]),
    phoneLast4: text(a[3]) ?? '',
    state,
    position: int(a[5]),
    checkedInAt: text(a[6]),
    door: text(a[7]),
    byHand: a[8] === true,
  };
}

const derivationOf = (a: DoorListAnswer): DoorDerivation | null =>
  a.salt && a.iterations && a.check_bytes
    ? { salt: a.salt, iterations: a.iterations, checkBytes: a.check_bytes }
    : null;

/** door_list's answer -> DoorList. */
export function toDoorList(a: DoorListAnswer | null): DoorList {
  const version = a?.version ?? null;
  if (!a || version === null || !Array.isArray(a.passes))
    throw new DataError('unknown', DOOR_LIST_FAILED, { details: a });
  return {
    full: a.full === true,
    version,
    serverNow: a.server_now ?? '',
    derivation: derivationOf(a),
    window: toDoorWindow(a.window ?? null),
    passes: a.passes.map(toDoorPass),
    removed: a.removed ?? [],
  };
}

/**
 * '••• •• 34 56': the phone as the list knows it (its last four digits; the database's
 * mask_phone shows the first digit and the last two, which the list does not carry).
 */
export const maskedPhoneOf = (phoneLast4: string) =>
  `••• •• ${phoneLast4.slice(0, 2)} ${phoneLast4.slice(2, 4)}`;

/**
 * Downloads the door list for `door`: the whole list when `since` is null, else the changes
 * since that version. Throws DataError 'network' (keep the stored list), 'forbidden' (the
 * session may no longer check in), 'closed' (outside the door window).
 */
export async function getDoorList(door: string, since: number | null): Promise<DoorList> {
  // A full list of thousands of passes may take longer than a scan on a slow network.
  const data = await callDoorRpc(
    (supabase, signal) =>
      supabase.rpc('door_list', since === null ? { door } : { door, since }).abortSignal(signal),
    DOOR_LIST_FAILED,
    30_000,
  );
  return toDoorList(data);
}
