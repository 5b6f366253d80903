import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOrPastTheEnd } from '@/data/shared/query-cache';
import { listAuditLog, type AuditFilters } from './audit';
import { listBin } from './bin';
import { journalKeys } from './keys';
import { getScheduledPurge } from './retention';

/** One page (from 1) of the journal, newest first. */
export const journalListQuery = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: journalKeys.list(filters, page, pageSize),
    queryFn: () => pageOrPastTheEnd((p) => listAuditLog(filters, p, pageSize), page, pageSize),
    placeholderData: keepPreviousData,
  });

export const binQuery = () =>
  queryOptions({
    queryKey: journalKeys.bin(),
    queryFn: listBin,
  });

/**
 * The scheduled purge (docs/decisions/018-scheduled-purge-and-journal.md), shown by the banner of
 * every admin page and the settings' retention panel. Refreshed every minute: another admin may
 * schedule or cancel it meanwhile.
 */
export const scheduledPurgeQuery = () =>
  queryOptions({
    queryKey: journalKeys.scheduledPurge,
    queryFn: getScheduledPurge,
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement de la purge programmée' },
  });
