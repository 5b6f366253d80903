import type { ParticipantFilters, ParticipantOrder } from '@/data/list-participants';
import type { ReservationFilters, ReservationOrder } from '@/data/list-reservations';

/**
 * The administration's query keys, one tree per domain (docs/decisions/008-admin-data-layer.md).
 * Keys are hierarchical so a mutation can invalidate a whole branch: `participants.lists()`
 * covers every page of every filter, including the dashboard's five newest.
 */
export const queryKeys = {
  participants: {
    all: ['participants'] as const,
    lists: () => [...queryKeys.participants.all, 'list'] as const,
    list: (filters: ParticipantFilters, order: ParticipantOrder, page: number, pageSize: number) =>
      [...queryKeys.participants.lists(), { filters, order, page, pageSize }] as const,
    detail: (id: string) => [...queryKeys.participants.all, 'detail', id] as const,
  },
  /** participant_stats: the dashboard, the stats page and the participants' region filter. */
  stats: ['stats'] as const,
  reservations: {
    all: ['reservations'] as const,
    list: (filters: ReservationFilters, order: ReservationOrder, page: number, pageSize: number) =>
      [...queryKeys.reservations.all, 'list', { filters, order, page, pageSize }] as const,
    summary: () => [...queryKeys.reservations.all, 'summary'] as const,
    /** night_party_stats: the capacity bar and the dashboard's Night Party figures. */
    stats: () => [...queryKeys.reservations.all, 'stats'] as const,
    /** attendance_report: the survey crossed with who came. */
    attendance: () => [...queryKeys.reservations.all, 'attendance'] as const,
  },
  /** The edition's settings (edition_settings + contest_settings). */
  settings: ['settings'] as const,
};
