import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECK_IN_FAILED, checkIn, type DoorAnswer, type DoorScan } from '@/data/door/check-in';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { isOffline, onReconnect } from '@/lib/use-online';
import { DataError, toDataError } from '@/lib/errors';
import { newScanId } from './door-input';
import { queueScan, queuedScans, removeQueuedScan, type QueuedScan } from './scan-queue';
import { syncDoorScans } from '@/data/door/door-sync';
import { syncBatches, toSentScan, toSyncScan, type SentScan } from './list/sync-results';
import type { OwnEntry } from './list/door-list';

/** How often queued scans are tried again while any is waiting (and whenever `online` fires). */
const RETRY_MS = 15_000;

/** What the door shows after a scan. */
export type Outcome =
  | {
      kind: 'answer';
      scan: DoorScan;
      answer: DoorAnswer;
      /** Judged from the door list without the network (when it was last synced, ISO). */
      offline?: { syncedAt: string };
    }
  | { kind: 'queued'; scan: DoorScan }
  /** A typed code that cannot be a pass, and why (./code-reason.ts): nothing asked, nothing kept. */
  | { kind: 'impossible'; scan: DoorScan; reason: string }
  | {
      kind: 'error';
      scan: DoorScan;
      message: string;
      /** Outside the door window ('closed') or too many phone look-ups ('limited'). */
      refusal?: 'closed' | 'limited';
    };

export type { SentScan };

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

/** The door list, as the check-in uses it (./list/use-door-list.ts). */
type ListAccess = {
  syncedAt: string | null;
  refOf: (scan: Pick<DoorScan, 'value' | 'token'>) => Promise<string | null>;
  judge: (ref: string, entry: OwnEntry) => Promise<DoorAnswer | null>;
  forget: (refs: string[]) => Promise<void>;
};

type Options = {
  /** After each check-in the database stored (the count changes). */
  onCheckedIn: () => void;
  /** The session can no longer check in (expired, or the role was taken away). */
  onSessionLost: (message: string) => void;
  list: ListAccess;
};

/**
 * Check-ins at the door, online or not (docs/decisions/032-offline-door.md). Online, check_in
 * answers. Without the network the door list answers at once ("hors ligne"), and a pass it
 * admits is queued on the phone (./scan-queue.ts) with its scan id and the time of the scan;
 * without a list the scan is queued and shown as pending. The queue leaves with door_sync when
 * `online` fires, every RETRY_MS and when the page opens.
 */
export function useCheckIn({ onCheckedIn, onSessionLost, list }: Options) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(0);
  const [sent, setSent] = useState<SentScan[]>([]);
  /** The last batch sent after a cut, announced once. */
  const [justSent, setJustSent] = useState<SentScan[]>([]);
  const flushing = useRef(false);
  const deps = useRef({ onCheckedIn, onSessionLost, list });
  useEffect(() => {
    deps.current = { onCheckedIn, onSessionLost, list };
  });

  const countPending = useCallback(async () => setPending((await queuedScans()).length), []);

  /** Sends one batch; a network failure throws (the batch stays queued). */
  const send = useCallback(async (door: string, scans: QueuedScan[]): Promise<SentScan[]> => {
    // A phone scan queued before the door list existed carries no reference: check_in_by_phone.
    if (scans.length === 1 && scans[0].kind === 'phone' && !scans[0].ref)
      return [{ scan: scans[0], answer: await checkIn(scans[0]) }];
    const results = await syncDoorScans(door, scans.map(toSyncScan));
    const byId = new Map(results.map((r) => [r.scanId, r]));
    return scans.map((scan) => toSentScan(scan, byId.get(scan.scanId)));
  }, []);

  /** Sends the queued scans, oldest first; stops at the first network failure. */
  const flush = useCallback(async () => {
    if (flushing.current || isOffline()) return;
    flushing.current = true;
    const done: SentScan[] = [];
    try {
      const queued = await queuedScans();
      const legacy = queued.filter((s) => s.kind === 'phone' && !s.ref);
      const batches = [
        ...legacy.map((s) => ({ door: s.door, scans: [s] })),
        ...syncBatches(queued.filter((s) => !legacy.includes(s))),
      ];
      for (const batch of batches) {
        let results: SentScan[];
        try {
          results = await send(batch.door, batch.scans);
        } catch (e) {
          const failure = toDataError(e, CHECK_IN_FAILED);
          if (failure.kind === 'network') break;
          if (failure.kind === 'forbidden') {
            deps.current.onSessionLost(failure.message);
            break;
          }
          results = batch.scans.map((scan) => ({ scan, message: failure.message }));
        }
        for (const r of results) await removeQueuedScan(r.scan.scanId);
        // Admitted offline as a pass, but no pass's code or token: that pass has not entered.
        const refused = results.filter((r) => r.scan.matched && r.answer?.verdict === 'unknown');
        if (refused.length > 0) await deps.current.list.forget(refused.map((r) => r.scan.matched!));
        done.push(...results);
      }
    } finally {
      flushing.current = false;
      await countPending();
      if (done.length > 0) {
        setSent((list) => [...done.reverse(), ...list].slice(0, 10));
        setJustSent(done);
        deps.current.onCheckedIn();
      }
    }
  }, [countPending, send]);

  useEffect(() => {
    // Scans queued before a reload (or by another tab) are sent as soon as the page is up.
    const cancel = afterFirstPaint(() => void countPending().then(flush));
    const stopOnReconnect = onReconnect(() => void flush());
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      cancel();
      stopOnReconnect();
      clearInterval(timer);
    };
  }, [countPending, flush]);

  /**
   * Without the network: the verdict from the door list, at once; a validated pass is queued
   * (the steward lets it in). Without a list: queued and shown as pending, as before.
   */
  const judgeOffline = useCallback(
    async (scan: DoorScan, scannedAt: string, matchRef?: string) => {
      const { list } = deps.current;
      const ref = matchRef ?? (scan.kind === 'code' ? await list.refOf(scan) : null);
      const answer = ref ? await list.judge(ref, { at: scannedAt, door: scan.door }) : null;
      if (!answer || !list.syncedAt) {
        await queueScan(scan, { scannedAt, ref: matchRef });
        await countPending();
        return setOutcome({ kind: 'queued', scan });
      }
      if (answer.verdict === 'validated') {
        await queueScan(scan, {
          scannedAt,
          ref: matchRef,
          offlineVerdict: 'validated',
          matched: ref ?? undefined,
        });
        await countPending();
      }
      setOutcome({ kind: 'answer', scan, answer, offline: { syncedAt: list.syncedAt } });
    },
    [countPending],
  );

  /**
   * Checks in a valid pass code (with the token its QR held, if any), or the pass a phone search
   * found (`ref`), at `door`: online with check_in (a code or token) or door_sync (a
   * reference); offline from the list.
   */
  const submit = useCallback(
    async (
      kind: DoorScan['kind'],
      value: string,
      door: string,
      { ref, token }: { ref?: string; token?: string } = {},
    ) => {
      const scan: DoorScan = { scanId: newScanId(), kind, value, door, ...(token && { token }) };
      const scannedAt = new Date().toISOString();
      setBusy(true);
      try {
        if (isOffline()) throw new DataError('network', CHECK_IN_FAILED);
        let answer: DoorAnswer;
        if (ref) {
          const [result] = await send(door, [{ ...scan, ref, scannedAt, queuedAt: Date.now() }]);
          if (!result.answer) throw new DataError('unknown', result.message ?? CHECK_IN_FAILED);
          answer = result.answer;
        } else answer = await checkIn(scan);
        setOutcome({ kind: 'answer', scan, answer });
        deps.current.onCheckedIn();
        void flush();
      } catch (e) {
        const failure = toDataError(e, CHECK_IN_FAILED);
        if (failure.kind === 'network') await judgeOffline(scan, scannedAt, ref);
        else if (failure.kind === 'forbidden') deps.current.onSessionLost(failure.message);
        else {
          const refusal =
            failure.kind === 'closed' || failure.kind === 'limited' ? failure.kind : undefined;
          setOutcome({ kind: 'error', scan, message: failure.message, refusal });
        }
      } finally {
        setBusy(false);
      }
    },
    [flush, judgeOffline, send],
  );

  /** A scanned QR code that holds no pass: "Pass inconnu" without asking the database. */
  const rejectScan = useCallback((raw: string, door: string) => {
    setOutcome({
      kind: 'answer',
      scan: { scanId: newScanId(), kind: 'code', value: raw, door },
      answer: UNKNOWN,
    });
  }, []);

  /** A typed code that cannot be a pass: its reason as a verdict, without asking the database. */
  const rejectCode = useCallback((typed: string, reason: string, door: string) => {
    const scan: DoorScan = { scanId: newScanId(), kind: 'code', value: typed, door };
    setOutcome({ kind: 'impossible', scan, reason });
  }, []);

  /** A phone search the database refused (session lost, door closed, too many look-ups). */
  const rejectSearch = useCallback((e: unknown, phone: string, door: string) => {
    const failure = toDataError(e, CHECK_IN_FAILED);
    if (failure.kind === 'forbidden') return deps.current.onSessionLost(failure.message);
    const refusal =
      failure.kind === 'closed' || failure.kind === 'limited' ? failure.kind : undefined;
    const scan: DoorScan = { scanId: newScanId(), kind: 'phone', value: phone, door };
    setOutcome({ kind: 'error', scan, message: failure.message, refusal });
  }, []);

  const clear = useCallback(() => setOutcome(null), []);

  return {
    outcome,
    busy,
    pending,
    sent,
    justSent,
    submit,
    rejectScan,
    rejectCode,
    rejectSearch,
    clear,
  };
}
