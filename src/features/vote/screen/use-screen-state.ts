import { useEffect, useState } from 'react';
import { getScreenState } from '@/data/vote/public-vote';
import type { ScreenState } from '@/data/vote/types';
import { bestServerOffset } from '@/lib/countdown';

export type ScreenFeed = {
  /** The last state the server gave (kept through a dropped network), null before the first. */
  state: ScreenState | null;
  /** The server's clock minus this device's (ms), from the last answer. */
  offsetMs: number;
  /** Two requests in a row failed: the screen shows what it had, with a discreet marker. */
  lost: boolean;
};

/**
 * The stage screen's state, asked once a second with one request in flight at most: the next
 * leaves a second after the previous one left, or at once when it took longer; a request that
 * hangs is given up after `timeoutMs`. A failure keeps the last state on screen; the countdown
 * goes on locally with the last offset, and the next answer catches up.
 */
export function useScreenState({ intervalMs = 1_000, timeoutMs = 4_000 } = {}): ScreenFeed {
  const [feed, setFeed] = useState<ScreenFeed>({ state: null, offsetMs: 0, lost: false });
  useEffect(() => {
    let live = true;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const sentAt = Date.now();
      const controller = new AbortController();
      const giveUp = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const state = await getScreenState(controller.signal);
        failures = 0;
        const offsetMs = bestServerOffset(state.serverNow, sentAt, Date.now());
        if (live) setFeed({ state, offsetMs, lost: false });
      } catch {
        failures += 1;
        if (live && failures >= 2) setFeed((f) => (f.lost ? f : { ...f, lost: true }));
      } finally {
        clearTimeout(giveUp);
      }
      if (live) timer = setTimeout(ask, Math.max(0, intervalMs - (Date.now() - sentAt)));
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [intervalMs, timeoutMs]);
  return feed;
}
