import { useCallback, useEffect, useRef, useState } from 'react';
import { toDataError } from '@/lib/errors';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { isOffline, onReconnect } from '@/lib/use-online';
import { getDoorList } from '@/data/door/door-list';
import { doorCheckOf, tokenCheckOf } from '@/data/door/door-ref';
import type { DoorScan } from '@/data/door/check-in';
import {
  applyDownload,
  judgeFromList,
  refOfTokenCheck,
  refsOfCheck,
  withOwnEntry,
  withoutOwnEntries,
  type LocalList,
  type OwnEntry,
} from './door-list';
import { loadDoorList, saveDoorList } from './door-list-store';

/** What the door read: the normalised code, and the QR's token when it held one. */
type ScanRead = Pick<DoorScan, 'value' | 'token'>;

/** How often the list is downloaded again while online (only what changed). */
const LIST_SYNC_MS = 60_000;

type Options = {
  door: string;
  /** The session can no longer download the list (expired, or the role was taken away). */
  onSessionLost: (message: string) => void;
};

/**
 * User Timing marks around a download (bench/door-list-browser.ts times the full list's download
 * and storage from them on a slowed CPU, issue 31); a mark costs microseconds.
 */
const mark = (name: string) => globalThis.performance?.mark?.(`door-list:${name}`);

/**
 * The door list on this phone (docs/decisions/032-offline-door.md): read from IndexedDB when the
 * page opens, downloaded in full at the first sign-in, then every LIST_SYNC_MS while online (and
 * when the network returns) only what changed. `judge` answers a code from the list alone.
 */
export function useDoorList({ door, onSessionLost }: Options) {
  const [list, setList] = useState<LocalList | null>(null);
  const current = useRef<LocalList | null>(null);
  const syncing = useRef(false);
  const options = useRef({ door, onSessionLost });
  useEffect(() => {
    options.current = { door, onSessionLost };
  });

  // A download that ends after the page left (a sign-out) must not store the list again.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const keep = useCallback(async (next: LocalList) => {
    if (!mounted.current) return;
    current.current = next;
    setList(next);
    await saveDoorList(next);
  }, []);

  /** Downloads what changed (everything the first time); a failure keeps the list as it is. */
  const sync = useCallback(async () => {
    if (syncing.current || isOffline()) return;
    syncing.current = true;
    try {
      const since = current.current?.version ?? null;
      mark('download');
      const download = await getDoorList(options.current.door, since);
      mark('downloaded');
      // A scan may have been admitted while the download was on its way: merged, not lost.
      const next = applyDownload(current.current, download, new Date().toISOString());
      if (next) await keep(next);
      mark('stored');
    } catch (e) {
      const failure = toDataError(e, '');
      if (failure.kind === 'forbidden') options.current.onSessionLost(failure.message);
    } finally {
      syncing.current = false;
    }
  }, [keep]);

  useEffect(() => {
    let live = true;
    const cancel = afterFirstPaint(() => {
      void loadDoorList().then((stored) => {
        if (!live) return;
        if (stored && !current.current) {
          current.current = stored;
          setList(stored);
        }
        void sync();
      });
    });
    const stopOnReconnect = onReconnect(() => void sync());
    const timer = setInterval(() => void sync(), LIST_SYNC_MS);
    return () => {
      live = false;
      cancel();
      stopOnReconnect();
      clearInterval(timer);
    };
  }, [sync]);

  /**
   * The list's reference of the pass scanned (docs/decisions/042-a-door-list-without-codes.md):
   * by its QR token's check (one SHA-256) when the QR held one, else by its normalised code's
   * 24-bit check (PBKDF2); the check itself when no pass has it (judged unknown); null without a
   * list, or when two passes share the code's check (sent to the database, no verdict shown).
   */
  const refOf = useCallback(async (scan: ScanRead): Promise<string | null> => {
    const l = current.current;
    if (!l) return null;
    if (scan.token) {
      const tokenCheck = await tokenCheckOf(l.derivation, scan.token);
      return refOfTokenCheck(l, tokenCheck) ?? tokenCheck;
    }
    const check = await doorCheckOf(l.derivation, scan.value);
    const refs = refsOfCheck(l, check);
    return refs.length > 1 ? null : (refs[0] ?? check);
  }, []);

  /** The verdict from the list (null without a list); a validated pass is marked as entered here. */
  const judge = useCallback(
    async (ref: string, entry: OwnEntry) => {
      const l = current.current;
      if (!l) return null;
      const answer = judgeFromList(l, ref);
      if (answer.verdict === 'validated') {
        void keep(withOwnEntry(l, ref, entry));
        return { ...answer, checkedInAt: entry.at, door: entry.door };
      }
      return answer;
    },
    [keep],
  );

  /** Takes back this phone's own entries of `refs` (refused on sync, ADR 042). */
  const forget = useCallback(
    async (refs: string[]) => {
      const l = current.current;
      if (l && refs.some((ref) => l.own.has(ref))) await keep(withoutOwnEntries(l, refs));
    },
    [keep],
  );

  return { list, sync, refOf, judge, forget };
}
