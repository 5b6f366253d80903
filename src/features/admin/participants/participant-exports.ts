import { fileDate } from '@/lib/dates';
import {
  type ParticipantFilters,
  fetchAllParticipants,
} from '@/data/participants/list-participants';
import type { Participant } from '@/data/participants/types';
import { runExport } from '../ui/export-file';
import { writeWorkbook, XLSX_MIME } from '../workbook/readable-export';
import { sortForExport, type ExportOrder } from '../workbook/sheet';
import { participantSheets } from './participant-sheets';

/**
 * The participants' files beside the CSV (src/data/participants/participants-csv.ts): the
 * readable workbook and a participant's JSON file.
 */

export const participantJsonFileName = (id: string) => `participant_${id}.json`;

export const participantsXlsxName = (d = new Date()) => `participants_${fileDate(d)}.xlsx`;

export type ParticipantExportOrder = ExportOrder<'full_name' | 'region'>;

const participantValue = (p: Participant, column: 'full_name' | 'region') =>
  column === 'full_name' ? p.fullName : p.region;

/** participants_{date}.xlsx: the participants matching `filters`, in the list's `order`. */
export const exportParticipantsXlsx = (
  filters: ParticipantFilters,
  order?: ParticipantExportOrder,
) =>
  runExport({
    what: 'participants.xlsx',
    fileName: participantsXlsxName(),
    mime: XLSX_MIME,
    filters,
    fetchRows: async () =>
      sortForExport(await fetchAllParticipants(filters), order, participantValue),
    build: (rows) => writeWorkbook(participantSheets(rows)),
    none: 'Aucun participant à exporter',
  });
