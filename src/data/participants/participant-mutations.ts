import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import type { Page } from '@/data/shared/query-helpers';
import { refreshAfterWrite, withoutRow } from '@/data/shared/query-cache';
import { deleteParticipant } from './delete-participant';
import { participantKeys } from './keys';
import type { Participant } from './types';
import { updateParticipant, type ParticipantUpdate } from './update-participant';

/**
 * Participant writes. Each invalidates what it changes: the participant, every list page (and the
 * dashboard's newest five), participant_stats (counts, regions) and the journal (every write adds
 * a row; a deletion changes the bin). Active queries refetch at once; the others on their next
 * use. Restoring from the bin: src/data/journal/mutations.ts.
 */
export function useUpdateParticipant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ParticipantUpdate) => updateParticipant(id, update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: participantKeys.detail(id) }),
        refreshAfterWrite(queryClient, participantKeys.lists()),
        queryClient.invalidateQueries({ queryKey: participantKeys.stats }),
        queryClient.invalidateQueries({ queryKey: queryRoots.journal }),
      ]),
  });
}

/** "Supprimer": moves the participant to the bin (restorable for 30 days). */
export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteParticipant(id),
    onSuccess: (_data, id) => {
      // Not refetched now: the page showing it is about to leave, and a refetch would answer
      // "not found" on its way out. Marked stale, so a later visit asks the server again.
      void queryClient.invalidateQueries({
        queryKey: participantKeys.detail(id),
        refetchType: 'none',
      });
      // Out of every list at once (the list it returns to included), then fetched anew.
      void refreshAfterWrite<Page<Participant>>(
        queryClient,
        participantKeys.lists(),
        withoutRow(id),
      );
      void queryClient.invalidateQueries({ queryKey: participantKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryRoots.journal });
    },
  });
}
