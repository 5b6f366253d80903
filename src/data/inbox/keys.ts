import { queryRoots } from '@/data/shared/query-roots';
import type { MessageFilters } from './messages';

/** The inbox's query keys: pages of contact messages and the sidebar's unhandled count. */
export const messageKeys = {
  all: queryRoots.messages,
  list: (filters: MessageFilters, page: number, pageSize: number) =>
    [...queryRoots.messages, 'list', { filters, page, pageSize }] as const,
  unhandled: () => [...queryRoots.messages, 'unhandled'] as const,
};
