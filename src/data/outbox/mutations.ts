import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/data/shared/query-roots';
import { refreshAfterWrite } from '@/data/shared/query-cache';
import { outboxKeys } from './keys';
import {
  resendOutboxMessage,
  sendConvocations,
  sendReminder,
  updateMessageSettings,
} from './outbox';
import type { MessageSettings, PhoneChannel } from './types';

/** Every outbox write changes "Envois" and adds a journal row. */
function useRefreshOutbox(...more: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [outboxKeys.all, queryRoots.journal, ...more].map((key) =>
        refreshAfterWrite(queryClient, key),
      ),
    );
}

export function useResendOutboxMessage() {
  const refresh = useRefreshOutbox();
  return useMutation({ mutationFn: (id: string) => resendOutboxMessage(id), onSuccess: refresh });
}

export function useSendReminder() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: ({ channel, confirm }: { channel: PhoneChannel; confirm?: number }) =>
      sendReminder(channel, confirm),
    onSuccess: refresh,
  });
}

/** The pipeline's bulk convocation: participants are marked notified once sent (later). */
export function useSendConvocations() {
  const refresh = useRefreshOutbox(queryRoots.participants);
  return useMutation({
    mutationFn: ({
      ids,
      channel,
      confirm,
    }: {
      ids: readonly string[];
      channel: PhoneChannel;
      confirm?: number;
    }) => sendConvocations(ids, channel, confirm),
    onSuccess: refresh,
  });
}

/** Also the public edition facts' reminder_configured (the settings root). */
export function useUpdateMessageSettings() {
  const refresh = useRefreshOutbox(queryRoots.settings);
  return useMutation({
    mutationFn: ({
      patch,
      confirm,
    }: {
      patch: Partial<Omit<MessageSettings, 'updatedAt'>>;
      confirm?: number;
    }) => updateMessageSettings(patch, confirm),
    onSuccess: refresh,
  });
}
