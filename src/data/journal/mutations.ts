import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { purgeBin, restoreParticipant } from './bin';
import { journalKeys } from './keys';
import { cancelPurge, purgePersonalData, requestPurge } from './retention';

/** Brings a participant back from the bin into the lists. */
export function useRestoreParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restoreParticipant(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.participants }),
        queryClient.invalidateQueries({ queryKey: queryRoots.stats }),
        queryClient.invalidateQueries({ queryKey: journalKeys.all }),
      ]),
  });
}

/** Empties the bin now (what it holds is erased for good); resolves to how many. */
export function usePurgeBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeBin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

/**
 * The scheduled purge's writes (docs/decisions/018-scheduled-purge-and-journal.md). Request and
 * cancel change the schedule and add a journal row.
 */
function useScheduleMutation<T>(mutationFn: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKeys.scheduledPurge }),
        queryClient.invalidateQueries({ queryKey: journalKeys.all }),
      ]),
  });
}

export const useRequestPurge = () => useScheduleMutation(requestPurge);
export const useCancelPurge = () => useScheduleMutation(cancelPurge);

/** "Purger maintenant": everything read from the data changed (lists, statistics, inbox, journal). */
export function usePurgeNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgePersonalData,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
