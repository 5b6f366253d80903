import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  getJurySession,
  isRetryable,
  isSessionLocked,
  JURY_LOAD_ERROR,
  lockSession,
  SCORE_SEND_ERROR,
  submitScorecard,
} from '@/data/auditions/jury';
import type { JurySession } from '@/data/auditions/types';
import { toDataError } from '@/lib/errors';
import { onReconnect, useOnline } from '@/lib/use-online';
import {
  cardSender,
  changeCard,
  mergeServerCard,
  type CardChange,
  type DeviceCard,
} from './card-queue';
import { keepCard, keepSession, keptCards, keptSession } from './jury-device';

const SESSION_NOT_KEPT =
  'Cette session n’a pas encore été ouverte sur cet appareil avec le réseau : connectez-vous à Internet une première fois pour la garder.';
const RESEND_EVERY_MS = 15_000;

export type JurySessionState = {
  session: JurySession | null;
  /** When the page shows what the device kept (offline), the time it was kept. */
  keptAt: string | null;
  loadError: string | null;
  cards: Map<string, DeviceCard>;
  pending: number;
  refused: DeviceCard[];
  online: boolean;
  saveCard: (participantId: string, change: CardChange) => Promise<DeviceCard>;
  lock: (force: boolean) => Promise<void>;
  refresh: () => Promise<void>;
};

/**
 * One session on the judge's device: opened online, it is kept (running order, criteria) and
 * the database's cards merged with the device's; offline, it opens from what was kept. Every
 * card is kept before it is sent, and the pending ones leave when the network returns
 * (./card-queue.ts).
 */
export function useJurySession(judge: string, sessionId: string): JurySessionState {
  const online = useOnline();
  const [session, setSession] = useState<JurySession | null>(null);
  const [keptAt, setKeptAt] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cards, setCards] = useState<Map<string, DeviceCard>>(new Map());
  const live = useRef(true);

  const reloadCards = useCallback(async () => {
    const kept = await keptCards(judge, sessionId);
    if (live.current) setCards(new Map(kept.map((c) => [c.participantId, c])));
  }, [judge, sessionId]);

  const sender = useMemo(
    () =>
      cardSender({
        load: () => keptCards(judge, sessionId),
        save: (card) => keepCard(judge, card),
        send: submitScorecard,
        isRetryable,
        messageOf: (e) => toDataError(e, SCORE_SEND_ERROR).message,
        isLocked: isSessionLocked,
      }),
    [judge, sessionId],
  );

  const refresh = useCallback(async () => {
    try {
      const fresh = await getJurySession(sessionId);
      await keepSession(judge, fresh);
      const local = new Map(
        (await keptCards(judge, sessionId)).map((c) => [c.participantId, c] as const),
      );
      for (const server of fresh.myCards) {
        const merged = mergeServerCard(local.get(server.participantId), sessionId, server);
        if (merged !== local.get(server.participantId)) await keepCard(judge, merged);
      }
      if (!live.current) return;
      setSession(fresh);
      setKeptAt(null);
      setLoadError(null);
    } catch (error) {
      const kept = await keptSession(judge, sessionId);
      if (!live.current) return;
      if (kept && isRetryable(error)) {
        setSession(kept.session);
        setKeptAt(kept.keptAt);
      } else {
        setLoadError(
          isRetryable(error) ? SESSION_NOT_KEPT : toDataError(error, JURY_LOAD_ERROR).message,
        );
      }
    }
    await reloadCards();
  }, [judge, sessionId, reloadCards]);

  const flush = useCallback(async () => {
    const result = await sender.flush();
    await reloadCards();
    // Locked meanwhile: show the session as it is now (the lock, the others' totals).
    if (result.locked > 0) await refresh();
  }, [sender, reloadCards, refresh]);

  useEffect(() => {
    live.current = true;
    // What the device kept first (at once, even offline), then the database's answer.
    void (async () => {
      const kept = await keptSession(judge, sessionId);
      if (kept && live.current) {
        setSession((s) => s ?? kept.session);
        setKeptAt((k) => k ?? kept.keptAt);
      }
      await reloadCards();
      await refresh();
      await flush();
    })();
    return () => {
      live.current = false;
    };
  }, [judge, sessionId, reloadCards, refresh, flush]);

  const pending = [...cards.values()].filter((c) => c.state === 'pending').length;

  // The network back: send what waits, then read the session again.
  useEffect(() => {
    return onReconnect(() => void flush().then(refresh));
  }, [flush, refresh]);
  useEffect(() => {
    if (pending === 0) return;
    const timer = setInterval(() => void flush(), RESEND_EVERY_MS);
    return () => clearInterval(timer);
  }, [pending, flush]);

  const saveCard = useCallback(
    async (participantId: string, change: CardChange) => {
      const card = changeCard(cards.get(participantId), { sessionId, participantId }, change);
      if (card !== cards.get(participantId)) {
        await keepCard(judge, card);
        setCards((m) => new Map(m).set(participantId, card));
        void flush();
      }
      return card;
    },
    [cards, judge, sessionId, flush],
  );

  const lock = useCallback(
    async (force: boolean) => {
      try {
        await lockSession(sessionId, force);
      } finally {
        await refresh();
      }
    },
    [sessionId, refresh],
  );

  const refused = [...cards.values()].filter((c) => c.state === 'refused');
  return {
    session,
    keptAt,
    loadError,
    cards,
    pending,
    refused,
    online,
    saveCard,
    lock,
    refresh,
  };
}
