import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import type { DoorPass } from '@/data/door/door-list';
import type { DoorDerivation } from '@/data/door/door-ref';
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

let store: UseStore | null | undefined;
let memory: Stored | undefined;

function openStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('booster-door-list', 'list');
  } catch {
    store = null;
  }
  return store;
}

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
  const s = openStore();
  const value = toStored(list);
  if (!s) return void (memory = value);
  try {
    await set(LIST, value, s);
  } catch {
    memory = value;
  }
}

export async function loadDoorList(): Promise<LocalList | null> {
  const s = openStore();
  let value: Stored | undefined = memory;
  if (s) value = (await get<Stored>(LIST, s).catch(() => undefined)) ?? memory;
  // A list stored before the checks (ADR 036) carried a key instead, one stored before ADR 042
  // full 16-byte checks and no token checks: downloaded again.
  return value?.derivation?.checkBytes ? fromStored(value) : null;
}

/** At sign-out: nothing of the list stays on the phone. */
export async function wipeDoorList(): Promise<void> {
  memory = undefined;
  const s = openStore();
  if (s) await clear(s).catch(() => undefined);
}
