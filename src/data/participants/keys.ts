import { queryRoots } from '@/data/shared/query-roots';
import type { ParticipantFilters, ParticipantOrder } from './list-participants';

/**
 * The participants' query keys (docs/decisions/008-admin-data-layer.md). Hierarchical, so a write
 * can invalidate a whole branch: `lists()` covers every page of every filter, including the
 * dashboard's five newest.
 */
export const participantKeys = {
  all: queryRoots.participants,
  lists: () => [...queryRoots.participants, 'list'] as const,
  list: (filters: ParticipantFilters, order: ParticipantOrder, page: number, pageSize: number) =>
    [...participantKeys.lists(), { filters, order, page, pageSize }] as const,
  detail: (id: string) => [...queryRoots.participants, 'detail', id] as const,
  /** A participant's status changes (participant_status_history). */
  history: (id: string) => [...queryRoots.participants, 'history', id] as const,
  /** participant_stats: the dashboard, the stats page and the participants' region filter. */
  stats: queryRoots.stats,
};
