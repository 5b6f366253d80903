import type { DoorPass } from '@/data/door/door-list';
import type { DoorDerivation } from '@/data/door/door-ref';
import { offlineStore } from '@/lib/offline-store';
import type { LocalList, OwnEntry } from './door-list';

/**
 * The door list kept on the phone in IndexedDB (one value: a reload or a closed tab keeps it, so
 * the page judges passes offline after a reload), wiped at sign-out. Without IndexedDB (some
 * private modes) it lives in memory as long as the page.
 */
type Stored = {
  version: number;
  derivation: DoorDerivation;
  syncedAt: string;
  passes: DoorPass[];
  own: [string, OwnEntry][];
};

const LIST = 'list';

/** Same names as before the shared store (src/lib/offline-store.ts): a kept list survives an update. */
const store = offlineStore('booster-door-list', 'list');
/** A list IndexedDB refused to write (its quota): kept for the page's life instead. */
let memory: Stored | undefined;

export const toStored = (list: LocalList): Stored => ({
  version: list.version,
  derivation: list.derivation,
  syncedAt: list.syncedAt,
  passes: [...list.passes.values()],
  own: [...list.own.entries()],
});

export const fromStored = (s: Stored): LocalList => ({
  version: s.version,
  derivation: s.derivation,
  syncedAt: s.syncedAt,
  passes: new Map(s.passes.map((p) => [p.ref, p])),
  own: new Map(s.own),
});

export async function saveDoorList(list: LocalList): Promise<void> {
  const value = toStored(list);
  await store.set(LIST, value).then(
    () => void (memory = undefined),
    () => void (memory = value),
  );
}

export async function loadDoorList(): Promise<LocalList | null> {
  const value = memory ?? (await store.get<Stored>(LIST).catch(() => undefined));
  // A list stored before the checks (ADR 036) carried a key instead, one stored before ADR 042
  // full 16-byte checks and no token checks: downloaded again.
  return value?.derivation?.checkBytes ? fromStored(value) : null;
}

/** At sign-out: nothing of the list stays on the phone. */
export async function wipeDoorList(): Promise<void> {
  memory = undefined;
  await store.clear().catch(() => undefined);
}
