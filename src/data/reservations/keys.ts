import { queryRoots } from '@/data/shared/query-roots';
import type { ReservationFilters, ReservationOrder } from './list-reservations';

/** The reservations' query keys, one branch (docs/decisions/008-admin-data-layer.md). */
export const reservationKeys = {
  all: queryRoots.reservations,
  list: (filters: ReservationFilters, order: ReservationOrder, page: number, pageSize: number) =>
    [...queryRoots.reservations, 'list', { filters, order, page, pageSize }] as const,
  summary: () => [...queryRoots.reservations, 'summary'] as const,
  /** night_party_stats: the capacity bar and the dashboard's Night Party figures. */
  stats: () => [...queryRoots.reservations, 'stats'] as const,
  /** attendance_report: the survey crossed with who came. */
  attendance: () => [...queryRoots.reservations, 'attendance'] as const,
};
