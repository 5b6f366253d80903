import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { participantKeys } from './keys';
import {
  assignAuditionSlot,
  markNotified,
  setParticipantNotes,
  setParticipantsStatus,
  type NotifyChannel,
} from './pipeline';
import type { ParticipantStatus } from './types';

/**
 * Pipeline writes: each changes participants (lists, pages, histories) and adds journal rows,
 * so both branches are invalidated.
 */
const refresh = (queryClient: QueryClient) =>
  Promise.all([
    refreshAfterWrite(queryClient, participantKeys.all),
    refreshAfterWrite(queryClient, queryRoots.journal),
  ]);

export function useSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: readonly string[]; status: ParticipantStatus }) =>
      setParticipantsStatus(ids, status),
    onSuccess: () => refresh(queryClient),
  });
}

export function useAssignSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, city, at }: { ids: readonly string[]; city: string; at: string }) =>
      assignAuditionSlot(ids, city, at),
    onSuccess: () => refresh(queryClient),
  });
}

export function useSetNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => setParticipantNotes(id, notes),
    onSuccess: () => refresh(queryClient),
  });
}

export function useMarkNotified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, channel }: { ids: readonly string[]; channel: NotifyChannel }) =>
      markNotified(ids, channel),
    onSuccess: () => refresh(queryClient),
  });
}
