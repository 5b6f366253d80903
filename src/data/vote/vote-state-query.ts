import type { PublicQuery } from '@/lib/public-query';
import { bestServerOffset } from '@/lib/countdown';
import { getVoteState } from './public-vote';
import type { PassVoteState } from './types';

export type PassVoteFeed = {
  state: PassVoteState;
  /** The server's clock minus this device's (ms), measured on this answer. */
  offsetMs: number;
};

/** The open round each pass page already holds, with its candidates: the next polls omit them. */
const knownRounds = new Map<string, PassVoteState['round']>();

/**
 * The public vote as the pass with `code` sees it (vote_state), read with plain fetch; once the
 * page holds the open round, a poll names it (known_round) and its answer stays under 1 KB.
 */
export const voteStateQuery = (code: string): PublicQuery<PassVoteFeed> => ({
  key: `vote-state:${code}`,
  fetch: async () => {
    const sentAt = Date.now();
    const state = await getVoteState(code, knownRounds.get(code) ?? null);
    knownRounds.set(code, state.round?.candidates ? state.round : null);
    return { state, offsetMs: bestServerOffset(state.serverNow, sentAt, Date.now()) };
  },
});
