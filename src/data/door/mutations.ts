import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { checkInReservation, undoCheckIn } from './check-in-by-hand';

/**
 * The entries recorded from the reservations list. Each changes the row and the counts, so each
 * invalidates the whole reservations branch: every list page, the survey summary, the capacity
 * figures and the attendance report.
 */
export function useCheckInReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => checkInReservation(id),
    onSuccess: () => refreshAfterWrite(queryClient, queryRoots.reservations),
  });
}

export function useUndoCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => undoCheckIn(id, reason),
    onSuccess: () => refreshAfterWrite(queryClient, queryRoots.reservations),
  });
}
