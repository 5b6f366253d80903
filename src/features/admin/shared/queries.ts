import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getParticipant } from '@/data/get-participant';
import { getParticipantStats } from '@/data/get-participant-stats';
import { getReservationSummary } from '@/data/get-reservation-summary';
import {
  listParticipants,
  type ParticipantFilters,
  type ParticipantOrder,
} from '@/data/list-participants';
import {
  listReservations,
  type ReservationFilters,
  type ReservationOrder,
} from '@/data/list-reservations';
import {
  getAttendanceReport,
  getEditionSettings,
  getNightPartyStats,
} from '@/data/night-party-admin';
import type { Page } from '@/data/types';
import { listMessages, unhandledMessageCount, type MessageFilters } from '@/data/messages';
import { listAuditLog, type AuditFilters } from '@/data/audit';
import { listBin } from '@/data/delete-participant';
import { getStatusHistory } from '@/data/pipeline';
import { getMyStaffRole } from '@/data/staff-role';
import { listSurgeAlerts } from '@/data/surge-alerts';
import { queryKeys } from './query-keys';

/**
 * The administration's reads: each one a key (./query-keys.ts) and a src/data function. Pages use
 * them with useQuery, so two pages asking for the same data share one request and one cache entry.
 */

/**
 * PostgREST answers a range past the last row with an error (HTTP 416), not an empty page: an old
 * link's page, or the page whose last row was just deleted. Then the first page tells the total,
 * and an empty page past the end is returned, which the list turns into its last page.
 */
async function pageOrPastTheEnd<T>(
  load: (page0: number) => Promise<Page<T>>,
  page: number,
  pageSize: number,
): Promise<Page<T>> {
  try {
    return await load(page - 1);
  } catch (error) {
    if (page <= 1) throw error;
    const { total } = await load(0);
    if (total <= (page - 1) * pageSize) return { rows: [], total };
    throw error;
  }
}

/** One page (from 1) of participants. The previous page stays on screen while the next loads. */
export const participantsListQuery = (
  filters: ParticipantFilters,
  order: ParticipantOrder,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: queryKeys.participants.list(filters, order, page, pageSize),
    queryFn: () =>
      pageOrPastTheEnd((p) => listParticipants(filters, p, pageSize, order), page, pageSize),
    placeholderData: keepPreviousData,
  });

/** A participant, or null when the id is unknown (deleted, or a mistyped link). */
export const participantQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.participants.detail(id),
    queryFn: () => getParticipant(id),
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: queryKeys.stats,
    queryFn: getParticipantStats,
    meta: { errorMessage: 'Erreur lors du chargement des statistiques' },
  });

/** The latest surges of public writes; refreshed every minute while the dashboard is open. */
export const surgeAlertsQuery = () =>
  queryOptions({
    queryKey: queryKeys.surgeAlerts,
    queryFn: () => listSurgeAlerts(),
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement des alertes' },
  });

export const reservationsListQuery = (
  filters: ReservationFilters,
  order: ReservationOrder,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: queryKeys.reservations.list(filters, order, page, pageSize),
    queryFn: () =>
      pageOrPastTheEnd((p) => listReservations(filters, p, pageSize, order), page, pageSize),
    placeholderData: keepPreviousData,
  });

export const reservationSummaryQuery = () =>
  queryOptions({
    queryKey: queryKeys.reservations.summary(),
    queryFn: getReservationSummary,
  });

/** The Night Party's capacity figures: the reservations page and the dashboard. */
export const nightPartyStatsQuery = () =>
  queryOptions({
    queryKey: queryKeys.reservations.stats(),
    queryFn: getNightPartyStats,
  });

export const attendanceReportQuery = () =>
  queryOptions({
    queryKey: queryKeys.reservations.attendance(),
    queryFn: getAttendanceReport,
  });

export const settingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: getEditionSettings,
  });

/** A participant's status changes, oldest first (the participant's page). */
export const statusHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.participants.history(id),
    queryFn: () => getStatusHistory(id),
  });

/** One page (from 1) of the inbox, newest first. */
export const messagesListQuery = (filters: MessageFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.messages.list(filters, page, pageSize),
    queryFn: () => pageOrPastTheEnd((p) => listMessages(filters, p, pageSize), page, pageSize),
    placeholderData: keepPreviousData,
  });

/** The sidebar's badge: refreshed every minute while the administration is open. */
export const unhandledMessagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.messages.unhandled(),
    queryFn: unhandledMessageCount,
    refetchInterval: 60_000,
    meta: { errorMessage: 'Erreur lors du chargement des messages' },
  });

/** One page (from 1) of the journal, newest first. */
export const journalListQuery = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.journal.list(filters, page, pageSize),
    queryFn: () => pageOrPastTheEnd((p) => listAuditLog(filters, p, pageSize), page, pageSize),
    placeholderData: keepPreviousData,
  });

export const binQuery = () =>
  queryOptions({
    queryKey: queryKeys.journal.bin(),
    queryFn: listBin,
  });

/** The signed-in user's role: it does not change during a session. */
export const staffRoleQuery = () =>
  queryOptions({
    queryKey: queryKeys.staffRole,
    queryFn: getMyStaffRole,
    staleTime: Infinity,
  });
