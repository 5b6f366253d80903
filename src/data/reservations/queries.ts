import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOrPastTheEnd } from '@/data/shared/query-cache';
import { reservationKeys } from './keys';
import {
  listReservations,
  type ReservationFilters,
  type ReservationOrder,
} from './list-reservations';
import { getAttendanceReport, getNightPartyStats } from './night-party-admin';
import { getReservationSummary } from './reservation-summary';

/** The reservations' reads for the administration, each a key (./keys.ts) and a call. */

export const reservationsListQuery = (
  filters: ReservationFilters,
  order: ReservationOrder,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: reservationKeys.list(filters, order, page, pageSize),
    queryFn: () =>
      pageOrPastTheEnd((p) => listReservations(filters, p, pageSize, order), page, pageSize),
    placeholderData: keepPreviousData,
  });

export const reservationSummaryQuery = () =>
  queryOptions({
    queryKey: reservationKeys.summary(),
    queryFn: getReservationSummary,
  });

/** The Night Party's capacity figures: the reservations page and the dashboard. */
export const nightPartyStatsQuery = () =>
  queryOptions({
    queryKey: reservationKeys.stats(),
    queryFn: getNightPartyStats,
  });

export const attendanceReportQuery = () =>
  queryOptions({
    queryKey: reservationKeys.attendance(),
    queryFn: getAttendanceReport,
  });
