import { fileDate } from '@/lib/dates';
import { getAuditionScoresExport } from '@/data/auditions/admin';
import { runExport } from '../ui/export-file';
import { writeWorkbook, XLSX_MIME } from '../workbook/readable-export';
import { juryScoresSheet } from './audition-scores-sheet';

export const auditionScoresXlsxName = (d = new Date()) => `notes_du_jury_${fileDate(d)}.xlsx`;

/**
 * notes_du_jury_{date}.xlsx (admins): every judge's score per criterion, every session, in a
 * readable workbook; journaled as the other exports ('audition_scores.xlsx').
 */
export const exportAuditionScoresXlsx = () =>
  runExport({
    what: 'audition_scores.xlsx',
    fileName: auditionScoresXlsxName(),
    mime: XLSX_MIME,
    filters: {},
    fetchRows: getAuditionScoresExport,
    build: (rows) => writeWorkbook([juryScoresSheet(rows)]),
    none: 'Aucune note du jury à exporter',
  });
