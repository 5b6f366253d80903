import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelPurge, getScheduledPurge, purgePersonalData, requestPurge } from '@/data/retention';
import { queryKeys } from '../shared/query-keys';

/**
 * The scheduled purge (docs/decisions/018-scheduled-purge-and-journal.md): its read, shown by the
 * banner of every admin page and the settings' retention panel, and its three writes.
 */
export const scheduledPurgeKey = ['scheduled-purge'] as const;

/** Refreshed every minute: another admin may schedule or cancel it meanwhile. */
export const scheduledPurgeQuery = () =>
  queryOptions({
    queryKey: scheduledPurgeKey,
    queryFn: getScheduledPurge,
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement de la purge programmée' },
  });

/** Request and cancel change the schedule and add a journal row. */
function useScheduleMutation<T>(mutationFn: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduledPurgeKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.journal.all }),
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
