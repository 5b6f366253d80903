/**
 * The judge's device queue (src/features/jury/card-queue.ts) against a fake database that
 * behaves as jury_submit_scorecard's contract says: the same card id and revision answers the
 * same, a lower or equal revision is not applied, a locked session refuses.
 */
import { describe, expect, it } from 'vitest';
import {
  cardSender,
  changeCard,
  mergeServerCard,
  weightedTotal,
  type DeviceCard,
} from '@/features/jury/card-queue';
import type { Scorecard, ScorecardDraft, SubmitResult } from '@/data/auditions/types';
import { DataError } from '@/lib/errors';

const S = 'session-1';
const ids = (participantId: string) => ({ sessionId: S, participantId });
let n = 0;
const makeId = () => `card-${++n}`;

function fakeDatabase() {
  const rows = new Map<string, Scorecard>();
  const applied: { cardId: string; revision: number }[] = [];
  const sent: ScorecardDraft[] = [];
  let locked = false;
  let loseNextAnswer = false;
  let offline = false;
  const send = async (d: ScorecardDraft): Promise<SubmitResult> => {
    sent.push(d);
    await Promise.resolve();
    if (offline) throw new DataError('network', 'hors ligne');
    if (locked)
      throw new DataError('duplicate', 'Session verrouillée : la note n’a pas été enregistrée.', {
        reason: 'session_locked',
      });
    const stored = rows.get(d.participantId);
    if (stored && stored.revision >= d.revision) return { card: stored, stored: false };
    const card: Scorecard = {
      id: d.cardId,
      participantId: d.participantId,
      absent: d.absent,
      comment: d.comment,
      revision: d.revision,
      updatedAt: new Date().toISOString(),
      scores: { ...d.scores },
      total: null,
    };
    rows.set(d.participantId, card);
    applied.push({ cardId: d.cardId, revision: d.revision });
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new DataError('network', 'réponse perdue');
    }
    return { card, stored: true };
  };
  return {
    rows,
    applied,
    sent,
    send,
    lock: () => void (locked = true),
    loseNextAnswer: () => void (loseNextAnswer = true),
    setOffline: (v: boolean) => void (offline = v),
  };
}

function device(db: ReturnType<typeof fakeDatabase>) {
  const kept = new Map<string, DeviceCard>();
  const sender = cardSender({
    load: async () => [...kept.values()].map((c) => ({ ...c })),
    save: async (c) => void kept.set(c.participantId, { ...c }),
    send: db.send,
    isRetryable: (e) => e instanceof DataError && e.kind === 'network',
    messageOf: (e) => (e instanceof Error ? e.message : ''),
    isLocked: (e) => e instanceof DataError && e.reason === 'session_locked',
  });
  const edit = (participantId: string, scores: Record<string, number>, absent = false) => {
    const card = changeCard(
      kept.get(participantId),
      ids(participantId),
      {
        absent,
        comment: '',
        scores,
      },
      makeId,
    );
    kept.set(participantId, card);
    return card;
  };
  return { kept, edit, flush: sender.flush };
}

describe('the judge’s device queue', () => {
  it('keeps one card id per performer and raises the revision on each change, not on a same value', () => {
    const first = changeCard(
      undefined,
      ids('p1'),
      { absent: false, comment: '', scores: { a: 7 } },
      makeId,
    );
    const second = changeCard(
      first,
      ids('p1'),
      { absent: false, comment: '', scores: { a: 7.5 } },
      makeId,
    );
    const same = changeCard(
      second,
      ids('p1'),
      { absent: false, comment: '', scores: { a: 7.5 } },
      makeId,
    );
    expect(second.cardId).toBe(first.cardId);
    expect([first.revision, second.revision]).toEqual([1, 2]);
    expect(same).toBe(second);
    expect(second.state).toBe('pending');
    const absent = changeCard(second, ids('p1'), { absent: true, comment: '', scores: { a: 7.5 } });
    expect(absent.scores).toEqual({});
    expect(absent.revision).toBe(3);
  });

  it('a card changed offline twice sends its last change only, once', async () => {
    const db = fakeDatabase();
    const d = device(db);
    db.setOffline(true);
    d.edit('p1', { a: 4 });
    expect((await d.flush()).offline).toBe(true);
    d.edit('p1', { a: 9 });
    db.setOffline(false);
    db.sent.length = 0;
    await d.flush();
    expect(db.sent.map((s) => s.revision)).toEqual([2]);
    expect(db.rows.get('p1')?.scores).toEqual({ a: 9 });
    expect(d.kept.get('p1')?.state).toBe('sent');
    await d.flush();
    expect(db.sent).toHaveLength(1);
  });

  it('an answer lost on the way: sent again with the same id and revision, stored once', async () => {
    const db = fakeDatabase();
    const d = device(db);
    const card = d.edit('p1', { a: 6 });
    db.loseNextAnswer();
    expect((await d.flush()).offline).toBe(true);
    expect(d.kept.get('p1')?.state).toBe('pending');
    await d.flush();
    expect(db.sent.map((s) => [s.cardId, s.revision])).toEqual([
      [card.cardId, 1],
      [card.cardId, 1],
    ]);
    expect(db.applied).toEqual([{ cardId: card.cardId, revision: 1 }]);
    expect(d.kept.get('p1')?.state).toBe('sent');
  });

  it('two rounds asked at once never send a card twice', async () => {
    const db = fakeDatabase();
    const d = device(db);
    d.edit('p1', { a: 1 });
    d.edit('p2', { a: 2 });
    d.edit('p3', { a: 3 });
    await Promise.all([d.flush(), d.flush(), d.flush()]);
    expect(db.sent.map((s) => s.participantId).sort()).toEqual(['p1', 'p2', 'p3']);
    expect(db.applied).toHaveLength(3);
  });

  it('a change made while its card travels stays to send, and the last change wins', async () => {
    const db = fakeDatabase();
    const d = device(db);
    d.edit('p1', { a: 5 });
    const round = d.flush();
    d.edit('p1', { a: 8 }); // while revision 1 is on its way
    const again = d.flush();
    await Promise.all([round, again]);
    expect(db.rows.get('p1')).toMatchObject({ revision: 2, scores: { a: 8 } });
    expect(d.kept.get('p1')).toMatchObject({ revision: 2, state: 'sent' });
  });

  it('a card refused because the session is locked stays, refused, with the database’s words', async () => {
    const db = fakeDatabase();
    const d = device(db);
    d.edit('p1', { a: 5 });
    db.lock();
    expect(await d.flush()).toMatchObject({ refused: 1, locked: 1, offline: false });
    expect(d.kept.get('p1')).toMatchObject({
      state: 'refused',
      refusal: 'Session verrouillée : la note n’a pas été enregistrée.',
    });
    db.sent.length = 0;
    await d.flush();
    expect(db.sent).toEqual([]);
  });

  it('opening the session online: the database’s card wins unless the device holds a later one to send', () => {
    const server: Scorecard = {
      id: 'c',
      participantId: 'p1',
      absent: false,
      comment: 'bien',
      revision: 2,
      updatedAt: '2026-11-26T10:00:00Z',
      scores: { a: 6 },
      total: 6,
    };
    const later = {
      ...changeCard(undefined, ids('p1'), { absent: false, comment: '', scores: { a: 9 } }),
      revision: 3,
    };
    expect(mergeServerCard(later, S, server)).toBe(later);
    const older = { ...later, revision: 1 };
    expect(mergeServerCard(older, S, server)).toMatchObject({
      revision: 2,
      state: 'sent',
      scores: { a: 6 },
    });
    expect(mergeServerCard(undefined, S, server)).toMatchObject({ cardId: 'c', state: 'sent' });
  });

  it('the weighted total: sum(value × weight) / 100, none until every criterion is scored', () => {
    const criteria = [
      { id: 't', weight: 30 },
      { id: 'c', weight: 25 },
      { id: 'p', weight: 25 },
      { id: 'm', weight: 20 },
    ];
    expect(weightedTotal(criteria, { t: 8, c: 7.5, p: 6, m: 9 })).toBe(7.575);
    expect(weightedTotal(criteria, { t: 8, c: 7.5, p: 6 })).toBeNull();
    expect(weightedTotal(criteria, { t: 10, c: 10, p: 10, m: 10 })).toBe(10);
  });
});
