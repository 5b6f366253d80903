/**
 * The one store the staff pages keep offline (src/lib/offline-store.ts), used by the door's queue
 * and list and the jury's device. idb-keyval is replaced by a fake holding one map per IndexedDB
 * database and object store, so a test can write what a phone holds from the previous version
 * (written straight with idb-keyval, under the names and formats of then) and check the new code
 * reads it: a steward's scans queued before an update are not lost on the night.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const databases = new Map<string, Map<string, unknown>>();
  const state = { refuseToOpen: false };
  type Handle = { name: string };
  const mapOf = (handle: Handle) => {
    if (state.refuseToOpen) throw new Error('InvalidStateError: private mode');
    const map = databases.get(handle.name) ?? new Map<string, unknown>();
    databases.set(handle.name, map);
    return map;
  };
  return {
    databases,
    state,
    /** What the previous version wrote: `set(key, value, createStore(database, store))`. */
    seed(database: string, store: string, key: string, value: unknown) {
      mapOf({ name: `${database}/${store}` }).set(key, structuredClone(value));
    },
    module: {
      createStore: (database: string, store: string): Handle => ({ name: `${database}/${store}` }),
      get: async (key: string, h: Handle) => structuredClone(mapOf(h).get(key)),
      set: async (key: string, value: unknown, h: Handle) =>
        void mapOf(h).set(key, structuredClone(value)),
      del: async (key: string, h: Handle) => void mapOf(h).delete(key),
      entries: async (h: Handle) => [...mapOf(h)].sort(([a], [b]) => a.localeCompare(b)),
      clear: async (h: Handle) => mapOf(h).clear(),
    },
  };
});
vi.mock('idb-keyval', () => fake.module);

beforeEach(() => {
  fake.databases.clear();
  fake.state.refuseToOpen = false;
  vi.stubGlobal('indexedDB', {});
  // Each module opens its store once: a fresh import per test sees this test's IndexedDB.
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const scan = (scanId: string, queuedAt: number) => ({
  scanId,
  kind: 'code' as const,
  value: `BC-${scanId}`,
  door: 'entrée principale',
  queuedAt,
  scannedAt: new Date(queuedAt).toISOString(),
});

describe('what a phone kept before the shared store is read after it', () => {
  it('reads the door scans queued under booster-door/pending-scans, oldest first, and sends them from there', async () => {
    fake.seed('booster-door', 'pending-scans', 'b', scan('b', 2000));
    fake.seed('booster-door', 'pending-scans', 'a', scan('a', 3000));
    fake.seed('booster-door', 'pending-scans', 'c', { ...scan('c', 1000), ref: 'R1' });
    const queue = await import('@/features/door/scan-queue');

    expect((await queue.queuedScans()).map((s) => s.scanId)).toEqual(['c', 'b', 'a']);
    expect((await queue.queuedScans())[0]).toMatchObject({ ref: 'R1', value: 'BC-c' });
    await queue.removeQueuedScan('b');
    expect([...fake.databases.get('booster-door/pending-scans')!.keys()]).toEqual(['a', 'c']);
  });

  it('reads the door list kept under booster-door-list/list', async () => {
    const derivation = { salt: 'c2FsdA', iterations: 1000, checkBytes: 3 };
    fake.seed('booster-door-list', 'list', 'list', {
      version: 7,
      derivation,
      syncedAt: '2026-11-29T20:00:00.000Z',
      passes: [{ ref: 'R1' }, { ref: 'R2' }],
      own: [['R1', { at: '2026-11-29T20:05:00.000Z' }]],
    });
    const { loadDoorList, wipeDoorList } = await import('@/features/door/list/door-list-store');

    const list = await loadDoorList();
    expect(list?.version).toBe(7);
    expect(list?.derivation).toEqual(derivation);
    expect([...(list?.passes.keys() ?? [])]).toEqual(['R1', 'R2']);
    expect(list?.own.get('R1')).toEqual({ at: '2026-11-29T20:05:00.000Z' });
    await wipeDoorList();
    expect(fake.databases.get('booster-door-list/list')!.size).toBe(0);
  });

  it('reads the cards a judge kept under booster-jury/kept, and no other judge’s', async () => {
    const card = (judge: string, session: string, participant: string) => [
      `${judge}/card/${session}/${participant}`,
      { sessionId: session, participantId: participant, cardId: `${judge}-${participant}` },
    ];
    for (const [key, value] of [
      card('judge-1', 's1', 'p1'),
      card('judge-1', 's1', 'p2'),
      card('judge-1', 's2', 'p3'),
      card('judge-2', 's1', 'p1'),
    ])
      fake.seed('booster-jury', 'kept', key as string, value);
    fake.seed('booster-jury', 'kept', 'judge-1/sessions', { sessions: [], keptAt: 'hier' });
    const device = await import('@/features/jury/jury-device');

    expect((await device.keptCards('judge-1', 's1')).map((c) => c.cardId)).toEqual([
      'judge-1-p1',
      'judge-1-p2',
    ]);
    expect(await device.allKeptCards('judge-1')).toHaveLength(3);
    expect(await device.keptSessions('judge-1')).toEqual({ sessions: [], keptAt: 'hier' });
  });
});

describe('offlineStore', () => {
  it('writes to the IndexedDB database and object store it is named by', async () => {
    const { offlineStore } = await import('@/lib/offline-store');
    const store = offlineStore('booster-test', 'things');
    await store.set('k', { n: 1 });
    expect(fake.databases.get('booster-test/things')?.get('k')).toEqual({ n: 1 });
    expect(await store.entries()).toEqual([['k', { n: 1 }]]);
  });

  it.each([
    ['IndexedDB refuses to open (a private mode)', () => void (fake.state.refuseToOpen = true)],
    ['the browser has no IndexedDB', () => vi.stubGlobal('indexedDB', undefined)],
  ])('keeps the values in memory when %s, copied as IndexedDB would', async (_, without) => {
    without();
    const { offlineStore } = await import('@/lib/offline-store');
    const store = offlineStore('booster-test', 'things');
    const value = { scores: { c1: 8 } };
    await store.set('a', value);
    value.scores.c1 = 2;
    expect(await store.get('a')).toEqual({ scores: { c1: 8 } });
    await store.set('b', 2);
    await store.del('a');
    expect(await store.entries()).toEqual([['b', 2]]);
    await store.clear();
    expect(await store.entries()).toEqual([]);
    expect(fake.databases.size).toBe(0);
  });
});
