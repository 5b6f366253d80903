import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';
import { toCastVote, toPassVoteState, toScreenState, VOTE_LOAD_ERROR } from './mappers';
import type { CastVote, PassVoteState, ScreenState } from './types';

/**
 * The public vote's anonymous calls, with plain fetch (src/data/shared/public-rpc.ts): the pass
 * page and the stage screen load no supabase-js. A pass's code is its only key; the server's
 * clock decides whether a round is open (docs/decisions/030-public-vote.md).
 */

export const VOTE_SEND_ERROR =
  'Votre vote n’a pas pu être envoyé : vérifiez votre connexion puis touchez à nouveau votre choix.';

/**
 * What the pass with `code` may do in the open round (vote_state). With `known` (the open round
 * the page already shows, with its candidates), the answer leaves the candidates out (null) and
 * stays under 1 KB: they are taken from `known`.
 */
export async function getVoteState(
  code: string,
  known?: PassVoteState['round'],
  signal?: AbortSignal,
): Promise<PassVoteState> {
  const args = known ? { code, known_round: known.id } : { code };
  const { data, error } = await publicRpc('vote_state', args, signal);
  if (error) throw toDataError(error, VOTE_LOAD_ERROR);
  const state = toPassVoteState(data);
  if (state.round && known && state.round.id === known.id && state.round.candidates === null)
    return { ...state, round: { ...state.round, candidates: known.candidates } };
  return state;
}

/** The stage screen's state (vote_screen_state): nothing personal. */
export async function getScreenState(signal?: AbortSignal): Promise<ScreenState> {
  const { data, error } = await publicRpc('vote_screen_state', {}, signal);
  if (error) throw toDataError(error, VOTE_LOAD_ERROR);
  return toScreenState(data);
}

export type Ballot = { code: string; roundId: string; candidateId: string; voteId: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One vote (cast_vote). The database answers the same to the same `voteId`, so a vote whose
 * answer the network lost is sent again as it was, up to `attempts` times: it counts once. A
 * refusal (round closed, pass not validated…) is thrown with the database's French message.
 */
export async function castVote(
  ballot: Ballot,
  { attempts = 3, delayMs = 800 }: { attempts?: number; delayMs?: number } = {},
): Promise<CastVote> {
  for (let attempt = 1; ; attempt++) {
    const { data, error } = await publicRpc('cast_vote', {
      code: ballot.code,
      round_id: ballot.roundId,
      candidate_id: ballot.candidateId,
      vote_id: ballot.voteId,
    });
    if (!error) return toCastVote(data);
    const failure = toDataError(error, VOTE_SEND_ERROR);
    if (failure.kind !== 'network' || attempt >= attempts) {
      throw failure.kind === 'network'
        ? new DataError('network', VOTE_SEND_ERROR, { details: error })
        : failure;
    }
    await wait(delayMs * attempt);
  }
}
