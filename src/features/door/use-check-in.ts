import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECK_IN_FAILED, checkIn, type DoorAnswer, type DoorScan } from '@/data/door/check-in';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { DataError, toDataError } from '@/lib/errors';
import { newScanId } from './door-input';
import { queueScan, queuedScans, removeQueuedScan, type QueuedScan } from './scan-queue';

/** How often queued scans are tried again while any is waiting (and whenever `online` fires). */
const RETRY_MS = 15_000;

/** What the door shows after a scan. */
export type Outcome =
  | { kind: 'answer'; scan: DoorScan; answer: DoorAnswer }
  | { kind: 'queued'; scan: DoorScan }
  | {
      kind: 'error';
      scan: DoorScan;
      message: string;
      /** Outside the door window ('closed') or too many phone look-ups ('limited'). */
      refusal?: 'closed' | 'limited';
    };

/** A queued scan once sent, with the database's answer (or why it was refused). */
export type SentScan = { scan: QueuedScan; answer?: DoorAnswer; message?: string };

const UNKNOWN: DoorAnswer = {
  verdict: 'unknown',
  firstName: null,
  lastInitial: null,
  maskedPhone: null,
  checkedInAt: null,
  door: null,
  byHand: false,
  position: null,
};

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

type Options = {
  /** After each check-in the database stored (the count changes). */
  onCheckedIn: () => void;
  /** The session can no longer check in (expired, or the role was taken away). */
  onSessionLost: (message: string) => void;
};

/**
 * Check-ins at the door, online or not. A scan the network cannot carry is queued on the phone
 * (./scan-queue.ts) with its scan id and shown as pending; the queue is sent when `online` fires,
 * every RETRY_MS and when the page opens, one scan at a time, each sent once at a time.
 */
export function useCheckIn({ onCheckedIn, onSessionLost }: Options) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(0);
  const [sent, setSent] = useState<SentScan[]>([]);
  const flushing = useRef(false);
  const callbacks = useRef({ onCheckedIn, onSessionLost });
  useEffect(() => {
    callbacks.current = { onCheckedIn, onSessionLost };
  });

  const countPending = useCallback(async () => setPending((await queuedScans()).length), []);

  /** Sends the queued scans, oldest first; stops at the first network failure. */
  const flush = useCallback(async () => {
    if (flushing.current || offline()) return;
    flushing.current = true;
    let stored = false;
    try {
      for (const scan of await queuedScans()) {
        let result: SentScan;
        try {
          result = { scan, answer: await checkIn(scan) };
          stored = true;
        } catch (e) {
          const failure = toDataError(e, CHECK_IN_FAILED);
          if (failure.kind === 'network') break;
          if (failure.kind === 'forbidden') {
            callbacks.current.onSessionLost(failure.message);
            break;
          }
          result = { scan, message: failure.message };
        }
        await removeQueuedScan(scan.scanId);
        setSent((list) => [result, ...list].slice(0, 10));
      }
    } finally {
      flushing.current = false;
      await countPending();
      if (stored) callbacks.current.onCheckedIn();
    }
  }, [countPending]);

  useEffect(() => {
    // Scans queued before a reload (or by another tab) are sent as soon as the page is up.
    const cancel = afterFirstPaint(() => void countPending().then(flush));
    const online = () => void flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      cancel();
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [countPending, flush]);

  /** Checks in a valid pass code or 9-digit phone at `door`. */
  const submit = useCallback(
    async (kind: DoorScan['kind'], value: string, door: string) => {
      const scan: DoorScan = { scanId: newScanId(), kind, value, door };
      setBusy(true);
      try {
        if (offline()) throw new DataError('network', CHECK_IN_FAILED);
        const answer = await checkIn(scan);
        setOutcome({ kind: 'answer', scan, answer });
        callbacks.current.onCheckedIn();
        void flush();
      } catch (e) {
        const failure = toDataError(e, CHECK_IN_FAILED);
        if (failure.kind === 'network') {
          await queueScan(scan);
          await countPending();
          setOutcome({ kind: 'queued', scan });
        } else if (failure.kind === 'forbidden') {
          callbacks.current.onSessionLost(failure.message);
        } else {
          const refusal =
            failure.kind === 'closed' || failure.kind === 'limited' ? failure.kind : undefined;
          setOutcome({ kind: 'error', scan, message: failure.message, refusal });
        }
      } finally {
        setBusy(false);
      }
    },
    [countPending, flush],
  );

  /** A scanned QR code that holds no pass: "Pass inconnu" without asking the database. */
  const rejectScan = useCallback((raw: string, door: string) => {
    setOutcome({
      kind: 'answer',
      scan: { scanId: newScanId(), kind: 'code', value: raw, door },
      answer: UNKNOWN,
    });
  }, []);

  const clear = useCallback(() => setOutcome(null), []);

  return { outcome, busy, pending, sent, submit, rejectScan, clear };
}
