import type { DoorAnswer } from '@/data/door/check-in';
import { maskedPhoneOf, type DoorList, type DoorPass } from '@/data/door/door-list';
import type { PhoneMatch } from '@/data/door/door-sync';
import type { DoorDerivation } from '@/data/door/door-ref';

/**
 * The door list as the phone keeps it (docs/decisions/032-offline-door.md): every pass of the
 * edition by its reference, 24 bits of the slow check of its code and the hash of its QR token
 * (src/data/door/door-ref.ts, docs/decisions/042-a-door-list-without-codes.md), never its code,
 * as of the last
 * download, plus the entries this phone admitted offline since. What it needs to judge a pass
 * without the network.
 */

/** An entry this phone admitted offline and has not seen in a download yet. */
export type OwnEntry = { at: string; door: string };

export type LocalList = {
  /** Given back as `since` to download only what changed. */
  version: number;
  /** How a scanned code's check is derived (the edition's salt and iterations). */
  derivation: DoorDerivation;
  /** When the last download reached this phone (its own clock, ISO). */
  syncedAt: string;
  passes: Map<string, DoorPass>;
  own: Map<string, OwnEntry>;
};

/**
 * The list after a download: a full one replaces it (and brings the derivation), a delta removes the
 * references that left, then updates the passes it names. An own entry the download shows as
 * entered is dropped: the database has it.
 */
export function applyDownload(
  list: LocalList | null,
  download: DoorList,
  syncedAt: string,
): LocalList | null {
  const derivation = download.derivation ?? list?.derivation;
  if (!derivation || (!download.full && !list)) return null;
  const passes = download.full ? new Map<string, DoorPass>() : new Map(list!.passes);
  for (const ref of download.removed) passes.delete(ref);
  for (const pass of download.passes) passes.set(pass.ref, pass);
  const own = new Map(list?.own ?? []);
  for (const ref of own.keys()) if (passes.get(ref)?.checkedInAt) own.delete(ref);
  return { version: download.version, derivation, syncedAt, passes, own };
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
 * The verdict for a pass reference from the list alone, in check_in's order: unknown, cancelled,
 * waitlisted, already in (an entry in the last download, or one this phone admitted since), or
 * validated.
 */
export function judgeFromList(list: LocalList, ref: string): DoorAnswer {
  const pass = list.passes.get(ref);
  if (!pass) return NOBODY;
  const holder = {
    ...NOBODY,
    firstName: pass.firstName || null,
    lastInitial: pass.lastInitial,
    maskedPhone: /^\d{4}$/.test(pass.phoneLast4) ? maskedPhoneOf(pass.phoneLast4) : null,
  };
  if (pass.state === 'cancelled') return { ...holder, verdict: 'cancelled' };
  if (pass.state === 'waitlisted')
    return { ...holder, verdict: 'waitlisted', position: pass.position };
  if (pass.checkedInAt)
    return {
      ...holder,
      verdict: 'already',
      checkedInAt: pass.checkedInAt,
      door: pass.door,
      byHand: pass.byHand,
    };
  const own = list.own.get(ref);
  if (own) return { ...holder, verdict: 'already', checkedInAt: own.at, door: own.door };
  return { ...holder, verdict: 'validated' };
}

/**
 * The references of the passes whose code has this check: about one in 3,355 codes that are
 * no pass's matches one of 5,000 passes (24 bits, docs/decisions/042-a-door-list-without-codes.md);
 * two passes may share one.
 */
export function refsOfCheck(list: LocalList, check: string): string[] {
  const refs: string[] = [];
  for (const p of list.passes.values()) if (p.check === check) refs.push(p.ref);
  return refs;
}

/** The reference of the pass whose QR token has this check, or null: none in the list. */
export function refOfTokenCheck(list: LocalList, tokenCheck: string): string | null {
  for (const p of list.passes.values()) if (p.tokenCheck === tokenCheck) return p.ref;
  return null;
}

/** The list with an entry this phone just admitted offline. */
export function withOwnEntry(list: LocalList, ref: string, entry: OwnEntry): LocalList {
  return { ...list, own: new Map(list.own).set(ref, entry) };
}

/**
 * The list without this phone's own entries of `refs`: scans it admitted offline that the
 * database then found to be no pass's (ADR 042), so their holders are not "already in" here.
 */
export function withoutOwnEntries(list: LocalList, refs: string[]): LocalList {
  const own = new Map(list.own);
  for (const ref of refs) own.delete(ref);
  return { ...list, own };
}

/** Without the network: the passes whose phone ends with `last4`, as a phone search shows them. */
export function matchesFromList(list: LocalList, last4: string): PhoneMatch[] {
  const found: PhoneMatch[] = [];
  for (const p of list.passes.values()) {
    if (p.phoneLast4 !== last4) continue;
    const own = p.checkedInAt ? null : list.own.get(p.ref);
    found.push({
      ref: p.ref,
      firstName: p.firstName || null,
      lastInitial: p.lastInitial,
      maskedPhone: maskedPhoneOf(p.phoneLast4),
      state: p.state,
      position: p.position,
      checkedInAt: p.checkedInAt ?? own?.at ?? null,
      door: p.checkedInAt ? p.door : (own?.door ?? null),
      byHand: p.byHand,
    });
  }
  return found.sort((a, b) => (a.firstName ?? '').localeCompare(b.firstName ?? '', 'fr'));
}
