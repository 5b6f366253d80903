import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteParticipant } from '@/data/delete-participant';
import { updateParticipant, type ParticipantUpdate } from '@/data/update-participant';
import { queryKeys } from '../shared/query-keys';

/**
 * Participant writes. Each invalidates what it changes: the participant, every list page (and the
 * dashboard's newest five) and participant_stats (counts, regions). Active queries refetch at
 * once; the others on their next use.
 */
export function useUpdateParticipant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ParticipantUpdate) => updateParticipant(id, update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.participants.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.participants.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
      ]),
  });
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteParticipant(id),
    onSuccess: (_data, id) => {
      // Not refetched now: the page showing it is about to leave, and a refetch would answer
      // "not found" on its way out. Marked stale, so a later visit asks the server again.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.participants.detail(id),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.participants.lists() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    },
  });
}
