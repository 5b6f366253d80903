import { queryRoots } from '@/data/shared/query-roots';
import type { OutboxFilters, PhoneChannel } from './types';

/** The outbox's query keys: pages of "Envois", the reminder's preview, the settings. */
export const outboxKeys = {
  all: queryRoots.outbox,
  list: (filters: OutboxFilters, page: number, pageSize: number) =>
    [...queryRoots.outbox, 'list', { filters, page, pageSize }] as const,
  reminderPreview: (channel: PhoneChannel) =>
    [...queryRoots.outbox, 'reminder-preview', channel] as const,
  settings: () => [...queryRoots.outbox, 'settings'] as const,
  budgets: () => [...queryRoots.outbox, 'budgets'] as const,
};
