import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import {
  approveFinalRulesChange,
  publishFinalResults,
  publishFinalRules,
  saveFinalRules,
  type FinalCategory,
  type FinalRulesDraft,
} from './admin';
import { finalKeys } from './keys';

/** Every write of the final changes its state and adds a journal row. */
function useRefreshFinal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshAfterWrite(queryClient, finalKeys.all),
      refreshAfterWrite(queryClient, queryRoots.journal),
    ]);
}

export function useSaveFinalRules() {
  const refresh = useRefreshFinal();
  return useMutation({
    mutationFn: ({ category, draft }: { category: FinalCategory; draft: FinalRulesDraft }) =>
      saveFinalRules(category, draft),
    onSuccess: refresh,
  });
}

export function usePublishFinalRules() {
  const refresh = useRefreshFinal();
  return useMutation({
    mutationFn: (category: FinalCategory) => publishFinalRules(category),
    onSuccess: refresh,
  });
}

export function useApproveFinalRulesChange() {
  const refresh = useRefreshFinal();
  return useMutation({
    mutationFn: (changeId: string) => approveFinalRulesChange(changeId),
    onSuccess: refresh,
  });
}

export function usePublishFinalResults() {
  const refresh = useRefreshFinal();
  return useMutation({
    mutationFn: (category: FinalCategory) => publishFinalResults(category),
    onSuccess: refresh,
  });
}
