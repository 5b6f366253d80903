import type { DoorAnswer } from '@/data/door/check-in';

/**
 * The door list (docs/decisions/032-offline-door.md): what the door's phone keeps to judge every
 * pass of the edition without the network. A pass is named by its door reference (./door-ref.ts),
 * never by its code; the holder by first name, initial and the last four digits of the phone.
 */

/** c: confirmed place, w: waitlisted, x: cancelled. */
export type ListState = 'c' | 'w' | 'x';

export type ListPass = {
  ref: string;
  firstName: string;
  lastInitial: string | null;
  phoneLast4: string;
  state: ListState;
  position: number | null;
  /** The entry as of the last sync (any door, or by hand). */
  enteredAt: string | null;
  enteredDoor: string | null;
  byHand: boolean;
};

/** An entry this phone admitted offline and has not seen in a download yet. */
export type OwnEntry = { at: string; door: string };

export type DoorList = {
  /** Given back as `since` to download only what changed. */
  version: number;
  /** The edition's door key (base64url). */
  key: string;
  /** When the last download reached this phone (its own clock, ISO). */
  syncedAt: string;
  passes: Map<string, ListPass>;
  own: Map<string, OwnEntry>;
};

/** One answer of door_list: the whole list (full) or what changed since `since`. */
export type DoorListDownload = {
  full: boolean;
  version: number;
  key: string | null;
  passes: ListPass[];
  removed: string[];
};

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const STATES: readonly ListState[] = ['c', 'w', 'x'];

/** One compact row of door_list ([ref, first_name, initial, last4, state, position, …]). */
function toListPass(row: unknown): ListPass | null {
  if (!Array.isArray(row)) return null;
  const [ref, firstName, initial, last4, state, position, at, door, byHand] = row as unknown[];
  const s = STATES.find((x) => x === state);
  if (!str(ref) || !s) return null;
  return {
    ref: ref as string,
    firstName: str(firstName) ?? '',
    lastInitial: str(initial),
    phoneLast4: str(last4) ?? '',
    state: s,
    position: num(position),
    enteredAt: str(at),
    enteredDoor: str(door),
    byHand: byHand === true,
  };
}

/** door_list's JSON → DoorListDownload (rows that cannot be read are left out). */
export function toDoorListDownload(json: unknown): DoorListDownload {
  const j = (json ?? {}) as Json;
  const rows = Array.isArray(j.passes) ? j.passes : [];
  return {
    full: j.full === true,
    version: num(j.version) ?? 0,
    key: str(j.key),
    passes: rows.map(toListPass).filter((p): p is ListPass => p !== null),
    removed: Array.isArray(j.removed) ? j.removed.filter((r): r is string => str(r) !== null) : [],
  };
}

/**
 * The list after a download: a full one replaces it (and needs the key), a delta updates the
 * passes it names. An own entry the download now shows as entered is dropped: the database has it.
 */
export function applyDownload(
  list: DoorList | null,
  download: DoorListDownload,
  syncedAt: string,
): DoorList | null {
  const key = download.key ?? list?.key;
  if (!key || (!download.full && !list)) return null;
  const passes = download.full ? new Map<string, ListPass>() : new Map(list!.passes);
  for (const ref of download.removed) passes.delete(ref);
  for (const pass of download.passes) passes.set(pass.ref, pass);
  const own = new Map(list?.own ?? []);
  for (const ref of own.keys()) if (passes.get(ref)?.enteredAt) own.delete(ref);
  return { version: download.version, key, syncedAt, passes, own };
}

/** "••• •• 34 56": the phone as the door may show it, from its last four digits. */
export function maskedPhoneOf(last4: string): string | null {
  return /^\d{4}$/.test(last4) ? `••• •• ${last4.slice(0, 2)} ${last4.slice(2)}` : null;
}

const NOBODY: DoorAnswer = {
  verdict: 'unknown',
  firstName: null,
  lastInitial: null,
  maskedPhone: null,
  checkedInAt: null,
  door: null,
  byHand: false,
  position: null,
};

/**
 * The verdict for a pass reference, from the list alone, as check_in would give it: unknown,
 * cancelled, waitlisted, already in (an entry in the last download, or one this phone admitted
 * since), or validated.
 */
export function judgeFromList(list: DoorList, ref: string): DoorAnswer {
  const pass = list.passes.get(ref);
  if (!pass) return NOBODY;
  const holder = {
    ...NOBODY,
    firstName: pass.firstName || null,
    lastInitial: pass.lastInitial,
    maskedPhone: maskedPhoneOf(pass.phoneLast4),
  };
  if (pass.state === 'x') return { ...holder, verdict: 'cancelled' };
  if (pass.state === 'w') return { ...holder, verdict: 'waitlisted', position: pass.position };
  if (pass.enteredAt)
    return {
      ...holder,
      verdict: 'already',
      checkedInAt: pass.enteredAt,
      door: pass.enteredDoor,
      byHand: pass.byHand,
    };
  const own = list.own.get(ref);
  if (own) return { ...holder, verdict: 'already', checkedInAt: own.at, door: own.door };
  return { ...holder, verdict: 'validated' };
}

/** The list with an entry this phone just admitted offline. */
export function withOwnEntry(list: DoorList, ref: string, entry: OwnEntry): DoorList {
  return { ...list, own: new Map(list.own).set(ref, entry) };
}

/** The passes whose phone ends with `last4` (the phone search without the network). */
export function passesByLast4(list: DoorList, last4: string): ListPass[] {
  const found: ListPass[] = [];
  for (const pass of list.passes.values()) if (pass.phoneLast4 === last4) found.push(pass);
  return found.sort((a, b) => a.firstName.localeCompare(b.firstName, 'fr'));
}
