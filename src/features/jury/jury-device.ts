import type { JurySession, JurySessionSummary } from '@/data/auditions/types';
import { offlineStore } from '@/lib/offline-store';
import type { DeviceCard } from './card-queue';

/**
 * What the judge's page keeps on the device (IndexedDB), per judge (their user id): the sessions
 * assigned to them and each session opened online (running order, criteria: the page opens again
 * from it without a network), and every scorecard with its id and revision until the database
 * has it (./card-queue.ts). Without IndexedDB (some private modes) it lives in memory as long as
 * the page (src/lib/offline-store.ts, the door's store too). The database's and store's names
 * never change: cards kept before an update are still sent after it.
 */
const store = offlineStore('booster-jury', 'kept');

/** The values whose key starts with `prefix`. */
const keptUnder = async <T>(prefix: string) =>
  (await store.entries<T>()).filter(([key]) => key.startsWith(prefix)).map(([, value]) => value);

const sessionsKey = (judge: string) => `${judge}/sessions`;
const sessionKey = (judge: string, sessionId: string) => `${judge}/session/${sessionId}`;
const cardPrefix = (judge: string, sessionId: string) => `${judge}/card/${sessionId}/`;
const cardKey = (judge: string, card: Pick<DeviceCard, 'sessionId' | 'participantId'>) =>
  `${cardPrefix(judge, card.sessionId)}${card.participantId}`;

export type KeptSessions = { sessions: JurySessionSummary[]; keptAt: string };
export type KeptSession = { session: JurySession; keptAt: string };

export async function keepSessions(judge: string, sessions: JurySessionSummary[]) {
  const kept: KeptSessions = { sessions, keptAt: new Date().toISOString() };
  await store.set(sessionsKey(judge), kept);
}

export async function keptSessions(judge: string) {
  return store.get<KeptSessions>(sessionsKey(judge));
}

export async function keepSession(judge: string, session: JurySession) {
  const kept: KeptSession = { session, keptAt: new Date().toISOString() };
  await store.set(sessionKey(judge, session.id), kept);
}

export async function keptSession(judge: string, sessionId: string) {
  return store.get<KeptSession>(sessionKey(judge, sessionId));
}

export async function keepCard(judge: string, card: DeviceCard) {
  await store.set(cardKey(judge, card), card);
}

/** The session's cards kept on the device, in no particular order. */
export async function keptCards(judge: string, sessionId: string): Promise<DeviceCard[]> {
  return keptUnder<DeviceCard>(cardPrefix(judge, sessionId));
}

/** Every card of this judge on the device (all sessions): the sign-out's warning counts them. */
export async function allKeptCards(judge: string): Promise<DeviceCard[]> {
  return keptUnder<DeviceCard>(`${judge}/card/`);
}
