import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { outboxKeys } from './keys';
import { getMessageSettings, listOutbox, outboxBudgets, reminderPreview } from './outbox';
import type { OutboxFilters, PhoneChannel } from './types';

/** One page (from 1) of "Envois", newest first; refreshed while open (the sender runs alone). */
export const outboxListQuery = (filters: OutboxFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: outboxKeys.list(filters, page, pageSize),
    queryFn: () => listOutbox(filters, page, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export const reminderPreviewQuery = (channel: PhoneChannel) =>
  queryOptions({
    queryKey: outboxKeys.reminderPreview(channel),
    queryFn: () => reminderPreview(channel),
  });

export const messageSettingsQuery = () =>
  queryOptions({ queryKey: outboxKeys.settings(), queryFn: getMessageSettings });

/** Today's budgets on "Envois", refreshed with the list. */
export const outboxBudgetsQuery = () =>
  queryOptions({
    queryKey: outboxKeys.budgets(),
    queryFn: outboxBudgets,
    refetchInterval: 15_000,
  });
