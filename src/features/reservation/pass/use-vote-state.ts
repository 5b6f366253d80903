import { useCallback, useEffect, useRef, useState } from 'react';
import { getVoteState } from '@/data/vote/public-vote';
import type { PassVoteState } from '@/data/vote/types';
import { serverOffset } from '@/lib/countdown';

/** Every 10 to 15 s, so the hall's phones do not all ask in the same second. */
export const nextPollDelay = (random: () => number = Math.random) => 10_000 + random() * 5_000;

export type VoteFeed = {
  state: PassVoteState | null;
  offsetMs: number;
  /** Asks at once (a round that just closed, a vote just cast). */
  refresh: () => void;
};

/**
 * The public vote as this pass sees it (vote_state): asked on arrival, then every 10–15 s only
 * while the answer says `poll` (the concert is on), never while the page is hidden, and at once
 * when the page comes back to the foreground. One request at a time. The one place the pass page
 * asks: a shared query layer may replace it without touching the panel.
 */
export function useVoteState(code: string): VoteFeed {
  const [feed, setFeed] = useState<{ state: PassVoteState | null; offsetMs: number }>({
    state: null,
    offsetMs: 0,
  });
  const askRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    let live = true;
    let inFlight = false;
    let poll = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The open round already shown, with its candidates: the next answers leave them out.
    let known: PassVoteState['round'] = null;
    const ask = async () => {
      if (inFlight || !live) return;
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return; // asked again when the page shows
      inFlight = true;
      const sentAt = Date.now();
      try {
        const state = await getVoteState(code, known);
        poll = state.poll;
        known = state.round?.candidates ? state.round : null;
        if (live) setFeed({ state, offsetMs: serverOffset(state.serverNow, sentAt, Date.now()) });
      } catch {
        // The last answer stays; the next one catches up.
      } finally {
        inFlight = false;
      }
      if (live && poll) timer = setTimeout(() => void ask(), nextPollDelay());
    };
    askRef.current = () => void ask();
    const onShow = () => {
      if (document.visibilityState === 'visible') void ask();
    };
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('pageshow', onShow);
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('pageshow', onShow);
    };
  }, [code]);
  const refresh = useCallback(() => askRef.current(), []);
  return { ...feed, refresh };
}
