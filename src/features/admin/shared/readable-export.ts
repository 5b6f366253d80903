import { fileDate } from '@/lib/dates';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { logExport, type ExportName } from '@/data/audit';
import { fetchAllParticipants, type ParticipantFilters } from '@/data/list-participants';
import { fetchAllReservations, type ReservationFilters } from '@/data/list-reservations';
import type { Participant, Reservation } from '@/data/types';
import { writeXlsx, XLSX_MIME, type XlsxResponse } from './readable-export-xlsx';
import {
  participantSheets,
  reservationSheets,
  sortForExport,
  type ExportOrder,
  type Sheet,
} from './readable-export-sheets';

/**
 * "Exporter pour Excel": the list's rows (its filters and its order) in an .xlsx written by
 * exceljs, which is loaded on the first click only (in a worker, or its own chunk: never in a
 * first load).
 */

export { XLSX_MIME };

/** The library's module, whichever way the bundler hands a CommonJS module over. */
async function loadExcel(): Promise<typeof import('exceljs')> {
  const mod: typeof import('exceljs') & { default?: typeof import('exceljs') } =
    await import('exceljs');
  return mod.default ?? mod;
}

/**
 * Writes the workbook in a Web Worker (tens of thousands of rows take seconds: the page must
 * stay responsive meanwhile); where there is no Worker (tests) or it fails, on this thread.
 */
function writeInWorker(sheets: readonly Sheet[]): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./readable-export.worker.ts', import.meta.url), {
      type: 'module',
      name: 'readable-export',
    });
    worker.onmessage = ({ data }: MessageEvent<XlsxResponse>) => {
      worker.terminate();
      if ('buffer' in data) resolve(data.buffer);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'readable-export worker failed'));
    };
    worker.postMessage(sheets);
  });
}

/** An .xlsx of `sheets` (see readable-export-xlsx.ts for its layout). */
export async function writeWorkbook(sheets: readonly Sheet[]): Promise<Blob> {
  let buffer: ArrayBuffer | undefined;
  if (typeof Worker !== 'undefined') {
    try {
      buffer = await writeInWorker(sheets);
    } catch (error) {
      console.warn('Excel export: the worker failed, writing on the page instead', error);
    }
  }
  buffer ??= await writeXlsx(await loadExcel(), sheets);
  return new Blob([buffer], { type: XLSX_MIME });
}

export const participantsXlsxName = (d = new Date()) => `participants_${fileDate(d)}.xlsx`;
export const reservationsXlsxName = (d = new Date()) => `reservations_${fileDate(d)}.xlsx`;

type WorkbookExport<T> = {
  /** The journal's name of the file (log_export). */
  what: ExportName;
  fileName: string;
  filters: ParticipantFilters | ReservationFilters;
  fetchRows: () => Promise<T[]>;
  sheetsOf: (rows: T[]) => Sheet[];
  /** The toast when nothing matches. */
  none: string;
};

/** Fetches, builds and downloads one workbook, notes it in the journal, with the CSV's toasts. */
async function exportWorkbook<T>(e: WorkbookExport<T>): Promise<void> {
  try {
    const rows = await e.fetchRows();
    if (rows.length === 0) {
      notify.error(e.none);
      return;
    }
    downloadFile(e.fileName, await writeWorkbook(e.sheetsOf(rows)), XLSX_MIME);
    await logExport(e.what, e.filters, rows.length);
    notify.success('Données exportées avec succès');
  } catch (error) {
    console.error(`Excel export failed (${e.what})`, error);
    notify.error("Erreur lors de l'exportation des données");
  }
}

export type ParticipantExportOrder = ExportOrder<'full_name' | 'region'>;
export type ReservationExportOrder = ExportOrder<'full_name' | 'ville'>;

const participantValue = (p: Participant, column: 'full_name' | 'region') =>
  column === 'full_name' ? p.fullName : p.region;
const reservationValue = (r: Reservation, column: 'full_name' | 'ville') =>
  column === 'full_name' ? r.fullName : r.ville;

/** participants_{date}.xlsx: the participants matching `filters`, in the list's `order`. */
export const exportParticipantsXlsx = (
  filters: ParticipantFilters,
  order?: ParticipantExportOrder,
) =>
  exportWorkbook({
    what: 'participants.xlsx',
    fileName: participantsXlsxName(),
    filters,
    fetchRows: async () =>
      sortForExport(await fetchAllParticipants(filters), order, participantValue),
    sheetsOf: participantSheets,
    none: 'Aucun participant à exporter',
  });

/** reservations_{date}.xlsx: the reservations matching `filters`, in the list's `order`. */
export const exportReservationsXlsx = (
  filters: ReservationFilters,
  order?: ReservationExportOrder,
) =>
  exportWorkbook({
    what: 'reservations.xlsx',
    fileName: reservationsXlsxName(),
    filters,
    fetchRows: async () =>
      sortForExport(await fetchAllReservations(filters), order, reservationValue),
    sheetsOf: reservationSheets,
    none: 'Aucune réservation à exporter',
  });
