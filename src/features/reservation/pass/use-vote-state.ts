import { useCallback, useState } from 'react';
import { voteStateQuery } from '@/data/vote/vote-state-query';
import type { PassVoteState } from '@/data/vote/types';
import { fetchQuery, usePublicQuery } from '@/lib/public-query';

/** Every 10 to 15 s, so the hall's phones do not all ask in the same second. */
const POLL = { ms: 10_000, jitterMs: 5_000 };

type VoteFeed = {
  state: PassVoteState | null;
  offsetMs: number;
  /** Asks at once (a round that just closed, a refused vote). */
  refresh: () => void;
};

/**
 * The public vote as this pass sees it (vote_state, through the public query layer,
 * src/lib/public-query.ts): asked once the page has painted, again every 10–15 s only while the
 * answer says `poll` (the concert is on), never while the page is hidden, and at once when the
 * page comes back to the foreground. One request at a time.
 */
export function useVoteState(code: string): VoteFeed {
  const query = voteStateQuery(code);
  const [polling, setPolling] = useState(false);
  const { data } = usePublicQuery(query, { interval: polling ? POLL : undefined });
  const poll = data?.state.poll ?? false;
  if (poll !== polling) setPolling(poll);
  const refresh = useCallback(
    () => void fetchQuery(voteStateQuery(code), { fresh: true }).catch(() => undefined),
    [code],
  );
  return { state: data?.state ?? null, offsetMs: data?.offsetMs ?? 0, refresh };
}
