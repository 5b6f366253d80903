import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import {
  deleteAuditionSession,
  preselectTop,
  saveAuditionCriteria,
  saveAuditionSession,
  unlockSession,
} from './admin';
import { lockSession } from './jury';
import { auditionKeys } from './keys';
import type { AuditionCategory, CriterionDraft, PreselectStatus, SessionDraft } from './types';

/** Every auditions write changes the sessions or results, and adds a journal row. */
function useRefreshAuditions({ participants = false } = {}) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refreshAfterWrite(queryClient, auditionKeys.all),
      refreshAfterWrite(queryClient, queryRoots.journal),
      // The preselection changes statuses: the participants' lists and statistics.
      ...(participants
        ? [
            refreshAfterWrite(queryClient, queryRoots.participants),
            refreshAfterWrite(queryClient, queryRoots.stats),
          ]
        : []),
    ]);
}

export function useSaveAuditionSession() {
  const refresh = useRefreshAuditions();
  return useMutation({
    mutationFn: (draft: SessionDraft) => saveAuditionSession(draft),
    onSuccess: refresh,
  });
}

export function useDeleteAuditionSession() {
  const refresh = useRefreshAuditions();
  return useMutation({
    mutationFn: (sessionId: string) => deleteAuditionSession(sessionId),
    onSuccess: refresh,
  });
}

export function useLockSession() {
  const refresh = useRefreshAuditions();
  return useMutation({
    mutationFn: ({ sessionId, force = false }: { sessionId: string; force?: boolean }) =>
      lockSession(sessionId, force),
    onSuccess: refresh,
  });
}

export function useUnlockSession() {
  const refresh = useRefreshAuditions();
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      unlockSession(sessionId, reason),
    onSuccess: refresh,
  });
}

export function useSaveAuditionCriteria() {
  const refresh = useRefreshAuditions();
  return useMutation({
    mutationFn: ({
      category,
      criteria,
    }: {
      category: AuditionCategory;
      criteria: CriterionDraft[];
    }) => saveAuditionCriteria(category, criteria),
    onSuccess: refresh,
  });
}

export function usePreselectTop() {
  const refresh = useRefreshAuditions({ participants: true });
  return useMutation({
    mutationFn: (args: {
      category: AuditionCategory;
      n: number;
      status: PreselectStatus;
      sessionId?: string | null;
      moveBack: string[];
    }) => preselectTop(args),
    onSuccess: refresh,
  });
}
