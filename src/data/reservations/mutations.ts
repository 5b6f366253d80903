import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { reservationKeys } from './keys';
import { cancelReservationAsAdmin } from './night-party-admin';

/**
 * Cancelling a reservation changes the counts as well as the row (a cancelled place promotes the
 * first of the waitlist), so it invalidates the whole reservations branch: every list page, the
 * survey summary, the capacity figures and the attendance report. The entries by hand are in
 * src/data/door/mutations.ts.
 */
export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelReservationAsAdmin(id),
    onSuccess: () => refreshAfterWrite(queryClient, reservationKeys.all),
  });
}
