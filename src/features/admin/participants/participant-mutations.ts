import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteParticipant, purgeBin, restoreParticipant } from '@/data/delete-participant';
import { updateParticipant, type ParticipantUpdate } from '@/data/update-participant';
import type { Page, Participant } from '@/data/types';
import { queryKeys } from '../shared/query-keys';
import { refreshAfterWrite, withoutRow } from '../shared/refresh-after-write';

/**
 * Participant writes. Each invalidates what it changes: the participant, every list page (and the
 * dashboard's newest five), participant_stats (counts, regions) and the journal (every write adds
 * a row; a deletion or a restoration changes the bin). Active queries refetch at once; the others
 * on their next use.
 */
export function useUpdateParticipant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ParticipantUpdate) => updateParticipant(id, update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.participants.detail(id) }),
        refreshAfterWrite(queryClient, queryKeys.participants.lists()),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.journal.all }),
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
        queryKey: queryKeys.participants.detail(id),
        refetchType: 'none',
      });
      // Out of every list at once (the list it returns to included), then fetched anew.
      void refreshAfterWrite<Page<Participant>>(
        queryClient,
        queryKeys.participants.lists(),
        withoutRow(id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.journal.all });
    },
  });
}

/** Brings a participant back from the bin into the lists. */
export function useRestoreParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restoreParticipant(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.participants.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.journal.all }),
      ]),
  });
}

/** Empties the bin now (what it holds is erased for good); resolves to how many. */
export function usePurgeBin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeBin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.journal.all }),
  });
}
