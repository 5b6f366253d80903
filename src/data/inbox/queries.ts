import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOrPastTheEnd } from '@/data/shared/query-cache';
import { messageKeys } from './keys';
import { listMessages, unhandledMessageCount, type MessageFilters } from './messages';

/** One page (from 1) of the inbox, newest first. */
export const messagesListQuery = (filters: MessageFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: messageKeys.list(filters, page, pageSize),
    queryFn: () => pageOrPastTheEnd((p) => listMessages(filters, p, pageSize), page, pageSize),
    placeholderData: keepPreviousData,
  });

/** The sidebar's badge: refreshed every minute while the administration is open. */
export const unhandledMessagesQuery = () =>
  queryOptions({
    queryKey: messageKeys.unhandled(),
    queryFn: unhandledMessageCount,
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement des messages' },
  });
