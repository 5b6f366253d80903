import { CSV_MIME, toCsv } from '@/lib/csv';
import { fileDate, formatDateTime } from '@/lib/dates';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import { fetchAllReservations, type ReservationFilters } from './list-reservations';
import type { Reservation } from './types';

/**
 * The reservations file: exactly the specification's columns (its §7). The pass's state, entry
 * time and door are in the readable export ("Exporter pour Excel",
 * src/features/admin/reservations/reservation-sheets.ts):
 * docs/decisions/021-specification-words.md.
 */
export const RESERVATION_CSV_COLUMNS = [
  'Nom',
  'Téléphone',
  'Ville',
  'Statut',
  "Source d'information",
  'Assistera',
  'Obstacle',
  'Suit la page',
  'Consomme Booster',
  'Date de réservation',
] as const;

export function reservationsCsv(reservations: readonly Reservation[]): string {
  return toCsv(
    RESERVATION_CSV_COLUMNS,
    reservations.map((r) => [
      r.fullName,
      r.phone,
      r.ville,
      ATTENDANCE_STATUS_LABELS[r.attendanceStatus],
      HEARD_FROM_LABELS[r.heardFrom],
      YES_NO_LABELS[r.willAttend],
      ATTENDANCE_BARRIER_LABELS[r.attendanceBarrier],
      YES_NO_LABELS[r.followsBoosterPage],
      YES_NO_LABELS[r.consumesBoosterProducts],
      formatDateTime(r.createdAt),
    ]),
  );
}

export const reservationsFileName = (d = new Date()) => `reservations_${fileDate(d)}.csv`;

/** reservations_{date}.csv of every reservation matching the filters (the reservations list). */
export const reservationsCsvExport = (filters: ReservationFilters = {}) => ({
  what: 'reservations' as const,
  fileName: reservationsFileName(),
  mime: CSV_MIME,
  filters,
  fetchRows: () => fetchAllReservations(filters),
  build: reservationsCsv,
  none: 'Aucune réservation à exporter',
});
