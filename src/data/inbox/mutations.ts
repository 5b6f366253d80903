import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { messageKeys } from './keys';
import { setMessageHandled } from './messages';

/** Marks a message handled or not: the inbox, the sidebar's count and the journal change. */
export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      setMessageHandled(id, handled),
    onSuccess: () =>
      Promise.all([
        refreshAfterWrite(queryClient, messageKeys.all),
        refreshAfterWrite(queryClient, queryRoots.journal),
      ]),
  });
}
