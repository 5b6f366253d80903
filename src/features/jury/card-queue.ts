import type { Scorecard, ScorecardDraft, SubmitResult } from '@/data/auditions/types';
import { newUuid } from '@/lib/uuid';

/**
 * The judge's scorecards on the device until the database has them (issue 30, offline): each
 * card keeps the id it was made with (one per performer, made once) and a revision raised at
 * each change. Sending again is harmless: the database answers the same for the same card id
 * and revision and keeps the highest revision, so a card changed offline twice keeps the last
 * change, and a retry after a lost answer is never counted twice. One send at a time: a card is
 * never in flight twice. docs/decisions/031-jury-scorecards.md ("Offline").
 */

/** pending: to send; sent: the database has this revision; refused: it said no (kept, shown). */
type CardState = 'pending' | 'sent' | 'refused';

export type DeviceCard = {
  sessionId: string;
  participantId: string;
  cardId: string;
  revision: number;
  absent: boolean;
  comment: string;
  /** criterion id -> 0..10 in half points (empty when absent). */
  scores: Record<string, number>;
  state: CardState;
  /** The database's words when it refused the card (a locked session…). */
  refusal: string | null;
  changedAt: string;
};

export type CardChange = Pick<DeviceCard, 'absent' | 'comment' | 'scores'>;

const sameContent = (a: CardChange, b: CardChange) =>
  a.absent === b.absent &&
  a.comment === b.comment &&
  JSON.stringify(Object.entries(a.scores).sort()) ===
    JSON.stringify(Object.entries(b.scores).sort());

/**
 * The card after a change: the same card id (made once, on the first change), the next revision,
 * to send. No change (the same values again): the card as it was.
 */
export function changeCard(
  previous: DeviceCard | undefined,
  ids: { sessionId: string; participantId: string },
  change: CardChange,
  makeId: () => string = newUuid,
): DeviceCard {
  if (previous && previous.state !== 'refused' && sameContent(previous, change)) return previous;
  return {
    ...ids,
    cardId: previous?.cardId ?? makeId(),
    revision: (previous?.revision ?? 0) + 1,
    absent: change.absent,
    comment: change.comment,
    scores: change.absent ? {} : { ...change.scores },
    state: 'pending',
    refusal: null,
    changedAt: new Date().toISOString(),
  };
}

/** A card the database holds, as the device keeps it. */
const fromServer = (sessionId: string, card: Scorecard): DeviceCard => ({
  sessionId,
  participantId: card.participantId,
  cardId: card.id,
  revision: card.revision,
  absent: card.absent,
  comment: card.comment,
  scores: card.absent ? {} : { ...card.scores },
  state: 'sent',
  refusal: null,
  changedAt: card.updatedAt,
});

/**
 * The session opened online: the database's card wins unless the device holds a later revision
 * still to send (or refused, kept to be seen).
 */
export function mergeServerCard(
  local: DeviceCard | undefined,
  sessionId: string,
  server: Scorecard,
): DeviceCard {
  if (local && local.state !== 'sent' && local.revision > server.revision) return local;
  return fromServer(sessionId, server);
}

/**
 * The card once the database answered for `sent` (`current`: the card as the device holds it
 * now, maybe changed while it travelled: then it stays to send).
 */
function afterAnswer(current: DeviceCard, sent: DeviceCard, answer: SubmitResult) {
  if (answer.card.revision > current.revision) return fromServer(current.sessionId, answer.card);
  if (current.revision > sent.revision) return current;
  return { ...current, cardId: answer.card.id || current.cardId, state: 'sent' as const };
}

/** The card once the database refused `sent`: refused, unless it changed meanwhile. */
function afterRefusal(current: DeviceCard, sent: DeviceCard, message: string): DeviceCard {
  if (current.revision > sent.revision) return current;
  return { ...current, state: 'refused', refusal: message };
}

const toDraft = (card: DeviceCard): ScorecardDraft => ({
  sessionId: card.sessionId,
  participantId: card.participantId,
  cardId: card.cardId,
  revision: card.revision,
  absent: card.absent,
  comment: card.comment,
  scores: card.absent ? {} : card.scores,
});

export type QueueDeps = {
  /** The session's cards as kept on the device now. */
  load(): Promise<DeviceCard[]>;
  save(card: DeviceCard): Promise<void>;
  send(draft: ScorecardDraft): Promise<SubmitResult>;
  /** No network (or no answer): the card stays to send, and the round stops. */
  isRetryable(error: unknown): boolean;
  messageOf(error: unknown): string;
  /** A refusal because the session is locked (the page then reads the session again). */
  isLocked(error: unknown): boolean;
};

export type FlushResult = { sent: number; refused: number; locked: number; offline: boolean };

/**
 * Sends the pending cards one after the other; a call while a round is running waits for it and
 * then runs once more (a change made meanwhile leaves in that round), so no card is ever sent by
 * two rounds at once.
 */
export function cardSender(deps: QueueDeps) {
  let running: Promise<FlushResult> | null = null;
  let again = false;

  const round = async (): Promise<FlushResult> => {
    const result: FlushResult = { sent: 0, refused: 0, locked: 0, offline: false };
    const pending = (await deps.load())
      .filter((c) => c.state === 'pending')
      .sort((a, b) => a.changedAt.localeCompare(b.changedAt));
    for (const sent of pending) {
      try {
        const answer = await deps.send(toDraft(sent));
        const current = (await deps.load()).find((c) => c.participantId === sent.participantId);
        await deps.save(afterAnswer(current ?? sent, sent, answer));
        result.sent += 1;
      } catch (error) {
        if (deps.isRetryable(error)) {
          result.offline = true;
          break;
        }
        const current = (await deps.load()).find((c) => c.participantId === sent.participantId);
        await deps.save(afterRefusal(current ?? sent, sent, deps.messageOf(error)));
        result.refused += 1;
        if (deps.isLocked(error)) result.locked += 1;
      }
    }
    return result;
  };

  const flush = (): Promise<FlushResult> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let last = await round();
      while (again && !last.offline) {
        again = false;
        const next = await round();
        last = {
          sent: last.sent + next.sent,
          refused: last.refused + next.refused,
          locked: last.locked + next.locked,
          offline: next.offline,
        };
      }
      again = false;
      return last;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return { flush };
}

/** Weighted total of a card, 0..10: sum(value × weight) / 100 (null until every value is set). */
export function weightedTotal(
  criteria: { id: string; weight: number }[],
  scores: Record<string, number | undefined>,
): number | null {
  if (criteria.length === 0) return null;
  let sum = 0;
  for (const c of criteria) {
    const v = scores[c.id];
    if (v === undefined) return null;
    sum += v * c.weight;
  }
  return sum / 100;
}
