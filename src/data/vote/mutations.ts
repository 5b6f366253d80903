import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { voteKeys } from './keys';
import {
  deleteVoteRound,
  resetScreen,
  runRegieAction,
  saveVoteRound,
  type RegieAction,
} from './rounds';
import type { RoundDraft } from './types';

/** Every vote write changes the rounds and the screen, and adds a journal row. */
function useRefreshVote() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshAfterWrite(queryClient, voteKeys.all),
      refreshAfterWrite(queryClient, queryRoots.journal),
    ]);
}

export function useSaveVoteRound() {
  const refresh = useRefreshVote();
  return useMutation({
    mutationFn: (draft: RoundDraft) => saveVoteRound(draft),
    onSuccess: refresh,
  });
}

export function useDeleteVoteRound() {
  const refresh = useRefreshVote();
  return useMutation({ mutationFn: (id: string) => deleteVoteRound(id), onSuccess: refresh });
}

export function useRegieAction() {
  const refresh = useRefreshVote();
  return useMutation({
    mutationFn: ({ action, id }: { action: RegieAction; id: string }) => runRegieAction(action, id),
    onSuccess: refresh,
  });
}

export function useResetScreen() {
  const refresh = useRefreshVote();
  return useMutation({ mutationFn: resetScreen, onSuccess: refresh });
}
