import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { JurySession, JurySessionSummary } from '@/data/auditions/types';
import type { DeviceCard } from './card-queue';

/**
 * What the judge's page keeps on the device (IndexedDB), per judge (their user id): the sessions
 * assigned to them and each session opened online (running order, criteria: the page opens again
 * from it without a network), and every scorecard with its id and revision until the database
 * has it (./card-queue.ts). Without IndexedDB (some private modes) it lives in memory as long as
 * the page, as the door's queue does (src/features/door/scan-queue.ts).
 */
type Backend = {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  all(prefix: string): Promise<[string, unknown][]>;
};

function memoryBackend(): Backend {
  const kept = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => kept.get(key) as T | undefined,
    put: async (key, value) => void kept.set(key, structuredClone(value)),
    remove: async (key) => void kept.delete(key),
    all: async (prefix) => [...kept].filter(([k]) => k.startsWith(prefix)),
  };
}

function indexedDbBackend(store: UseStore): Backend {
  return {
    get: <T>(key: string) => get<T>(key, store),
    put: (key, value) => set(key, value, store),
    remove: (key) => del(key, store),
    all: async (prefix) =>
      (await entries<string, unknown>(store)).filter(([k]) => String(k).startsWith(prefix)),
  };
}

let backend: Promise<Backend> | undefined;

function open(): Promise<Backend> {
  backend ??= (async () => {
    if (typeof indexedDB === 'undefined') return memoryBackend();
    try {
      const store = createStore('booster-jury', 'kept');
      await get('probe', store);
      return indexedDbBackend(store);
    } catch {
      return memoryBackend();
    }
  })();
  return backend;
}

const sessionsKey = (judge: string) => `${judge}/sessions`;
const sessionKey = (judge: string, sessionId: string) => `${judge}/session/${sessionId}`;
const cardPrefix = (judge: string, sessionId: string) => `${judge}/card/${sessionId}/`;
const cardKey = (judge: string, card: Pick<DeviceCard, 'sessionId' | 'participantId'>) =>
  `${cardPrefix(judge, card.sessionId)}${card.participantId}`;

export type KeptSessions = { sessions: JurySessionSummary[]; keptAt: string };
export type KeptSession = { session: JurySession; keptAt: string };

export async function keepSessions(judge: string, sessions: JurySessionSummary[]) {
  const kept: KeptSessions = { sessions, keptAt: new Date().toISOString() };
  await (await open()).put(sessionsKey(judge), kept);
}

export async function keptSessions(judge: string) {
  return (await open()).get<KeptSessions>(sessionsKey(judge));
}

export async function keepSession(judge: string, session: JurySession) {
  const kept: KeptSession = { session, keptAt: new Date().toISOString() };
  await (await open()).put(sessionKey(judge, session.id), kept);
}

export async function keptSession(judge: string, sessionId: string) {
  return (await open()).get<KeptSession>(sessionKey(judge, sessionId));
}

export async function keepCard(judge: string, card: DeviceCard) {
  await (await open()).put(cardKey(judge, card), card);
}

/** The session's cards kept on the device, in no particular order. */
export async function keptCards(judge: string, sessionId: string): Promise<DeviceCard[]> {
  const rows = await (await open()).all(cardPrefix(judge, sessionId));
  return rows.map(([, card]) => card as DeviceCard);
}

/** Every card of this judge on the device (all sessions): the sign-out's warning counts them. */
export async function allKeptCards(judge: string): Promise<DeviceCard[]> {
  const rows = await (await open()).all(`${judge}/card/`);
  return rows.map(([, card]) => card as DeviceCard);
}
