import { queryRoots } from '@/data/shared/query-roots';
import type { AuditFilters } from './audit';

/** The journal's query keys (audit_log, the bin) and the scheduled purge's. */
export const journalKeys = {
  all: queryRoots.journal,
  list: (filters: AuditFilters, page: number, pageSize: number) =>
    [...queryRoots.journal, 'list', { filters, page, pageSize }] as const,
  bin: () => [...queryRoots.journal, 'bin'] as const,
  scheduledPurge: queryRoots.scheduledPurge,
};
