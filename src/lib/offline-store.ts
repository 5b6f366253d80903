import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * A key-value store kept on the device for the staff pages that work without a network (the
 * door's queue and list, docs/decisions/032-offline-door.md; the jury's sessions and cards):
 * IndexedDB through idb-keyval, so a reload, a closed tab or a flat battery loses nothing. Where
 * IndexedDB is missing or refuses to open (some private modes), the values live in memory as
 * long as the page. Each store is one IndexedDB database with one object store, named by its
 * caller: the names are what a phone already holds (a steward's queued scans from before an
 * update are read under the same names), so they never change.
 */
export type OfflineStore = {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** Every key and value, in key order (IndexedDB's) or insertion order (memory). */
  entries<T>(): Promise<[string, T][]>;
  clear(): Promise<void>;
};

function memoryStore(): OfflineStore {
  const kept = new Map<string, unknown>();
  return {
    // Cloned as IndexedDB does: a caller changing its object after set changes nothing kept.
    get: async <T>(key: string) => structuredClone(kept.get(key)) as T | undefined,
    set: async (key, value) => void kept.set(key, structuredClone(value)),
    del: async (key) => void kept.delete(key),
    entries: async <T>() => [...kept].map(([k, v]) => [k, structuredClone(v)] as [string, T]),
    clear: async () => kept.clear(),
  };
}

function indexedDbStore(store: UseStore): OfflineStore {
  return {
    get: <T>(key: string) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    entries: async <T>() =>
      (await entries<IDBValidKey, T>(store)).map(([k, v]) => [String(k), v] as [string, T]),
    clear: () => clear(store),
  };
}

/** IndexedDB when it opens (the first read proves it), memory otherwise. */
async function open(database: string, objectStore: string): Promise<OfflineStore> {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    const store = createStore(database, objectStore);
    await get('probe', store);
    return indexedDbStore(store);
  } catch {
    return memoryStore();
  }
}

/** The store `objectStore` of the IndexedDB database `database`, opened at its first use. */
export function offlineStore(database: string, objectStore: string): OfflineStore {
  let opened: Promise<OfflineStore> | undefined;
  const ready = () => (opened ??= open(database, objectStore));
  return {
    get: async <T>(key: string) => (await ready()).get<T>(key),
    set: async (key, value) => (await ready()).set(key, value),
    del: async (key) => (await ready()).del(key),
    entries: async <T>() => (await ready()).entries<T>(),
    clear: async () => (await ready()).clear(),
  };
}
