import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cancelReservationAsAdmin,
  checkInReservation,
  undoCheckIn,
} from '@/data/night-party-admin';
import { queryKeys } from '../shared/query-keys';
import { refreshAfterWrite } from '../shared/refresh-after-write';

/**
 * Row actions of the reservations list. Each changes the counts as well as the row (a cancelled
 * place promotes the first of the waitlist), so each invalidates the whole reservations branch:
 * every list page, the survey summary, the capacity figures and the attendance report.
 */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelReservationAsAdmin(id),
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.reservations.all),
  });
}

export function useCheckInReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => checkInReservation(id),
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.reservations.all),
  });
}

export function useUndoCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => undoCheckIn(id, reason),
    onSuccess: () => refreshAfterWrite(queryClient, queryKeys.reservations.all),
  });
}
