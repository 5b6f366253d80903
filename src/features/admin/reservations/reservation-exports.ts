import { fileDate } from '@/lib/dates';
import {
  fetchAllReservations,
  type ReservationFilters,
} from '@/data/reservations/list-reservations';
import type { Reservation } from '@/data/reservations/types';
import { runExport } from '../ui/export-file';
import { writeWorkbook, XLSX_MIME } from '../workbook/readable-export';
import { sortForExport, type ExportOrder } from '../workbook/sheet';
import { reservationSheets } from './reservation-sheets';

/** The reservations' readable workbook (the CSV: src/data/reservations/reservations-csv.ts). */

export const reservationsXlsxName = (d = new Date()) => `reservations_${fileDate(d)}.xlsx`;

export type ReservationExportOrder = ExportOrder<'full_name' | 'ville'>;

const reservationValue = (r: Reservation, column: 'full_name' | 'ville') =>
  column === 'full_name' ? r.fullName : r.ville;

/** reservations_{date}.xlsx: the reservations matching `filters`, in the list's `order`. */
export const exportReservationsXlsx = (
  filters: ReservationFilters,
  order?: ReservationExportOrder,
) =>
  runExport({
    what: 'reservations.xlsx',
    fileName: reservationsXlsxName(),
    mime: XLSX_MIME,
    filters,
    fetchRows: async () =>
      sortForExport(await fetchAllReservations(filters), order, reservationValue),
    build: (rows) => writeWorkbook(reservationSheets(rows)),
    none: 'Aucune réservation à exporter',
  });
