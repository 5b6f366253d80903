import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMessageHandled } from '@/data/messages';
import { queryKeys } from '../shared/query-keys';
import { refreshAfterWrite } from '../shared/refresh-after-write';

/** Marks a message handled or not: the inbox, the sidebar's count and the journal change. */
export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      setMessageHandled(id, handled),
    onSuccess: () =>
      Promise.all([
        refreshAfterWrite(queryClient, queryKeys.messages.all),
        refreshAfterWrite(queryClient, queryKeys.journal.all),
      ]),
  });
}
