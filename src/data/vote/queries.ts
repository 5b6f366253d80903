import { queryOptions } from '@tanstack/react-query';
import { bestServerOffset } from '@/lib/countdown';
import { voteKeys } from './keys';
import {
  getRegieScreenState,
  getVoteResults,
  listLinkableParticipants,
  listVoteRounds,
} from './rounds';

/**
 * The rounds; `live` (the régie) asks again every 2 s: the voters' count moves during a round,
 * and a round closes by itself at its deadline.
 */
export const voteRoundsQuery = ({ live = false } = {}) =>
  queryOptions({
    queryKey: voteKeys.rounds(),
    queryFn: listVoteRounds,
    refetchInterval: live ? 2_000 : false,
    staleTime: live ? 0 : 30_000,
    meta: { errorMessage: 'Erreur lors du chargement des manches' },
  });

/**
 * What the stage screen shows now (the régie), every 2 s, with the server's clock ahead of this
 * device's by `offsetMs` (the countdown counts on the server's time).
 */
export const regieScreenQuery = () =>
  queryOptions({
    queryKey: voteKeys.screen(),
    queryFn: async () => {
      const sentAt = Date.now();
      const state = await getRegieScreenState();
      return { ...state, offsetMs: bestServerOffset(state.serverNow, sentAt, Date.now()) };
    },
    refetchInterval: 2_000,
    staleTime: 0,
  });

/** A closed or revealed round's counts (admins). */
export const voteResultsQuery = (roundId: string) =>
  queryOptions({ queryKey: voteKeys.results(roundId), queryFn: () => getVoteResults(roundId) });

/** The contest's participants a candidate may be linked to. */
export const linkableParticipantsQuery = () =>
  queryOptions({ queryKey: voteKeys.participants(), queryFn: listLinkableParticipants });
