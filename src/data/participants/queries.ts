import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOrPastTheEnd } from '@/data/shared/query-cache';
import { getParticipant } from './get-participant';
import { getParticipantStats } from './get-participant-stats';
import {
  listParticipants,
  type ParticipantFilters,
  type ParticipantOrder,
} from './list-participants';
import { getStatusHistory } from './pipeline';
import { participantKeys } from './keys';

/**
 * The participants' reads for the administration, each a key (./keys.ts) and a call: two pages
 * asking for the same data share one request and one cache entry.
 */

/** One page (from 1) of participants. The previous page stays on screen while the next loads. */
export const participantsListQuery = (
  filters: ParticipantFilters,
  order: ParticipantOrder,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: participantKeys.list(filters, order, page, pageSize),
    queryFn: () =>
      pageOrPastTheEnd((p) => listParticipants(filters, p, pageSize, order), page, pageSize),
    placeholderData: keepPreviousData,
  });

/** A participant, or null when the id is unknown (deleted, or a mistyped link). */
export const participantQuery = (id: string) =>
  queryOptions({
    queryKey: participantKeys.detail(id),
    queryFn: () => getParticipant(id),
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: participantKeys.stats,
    queryFn: getParticipantStats,
    meta: { errorMessage: 'Erreur lors du chargement des statistiques' },
  });

/** A participant's status changes, oldest first (the participant's page). */
export const statusHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: participantKeys.history(id),
    queryFn: () => getStatusHistory(id),
  });
