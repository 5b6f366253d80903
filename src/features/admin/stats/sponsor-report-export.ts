import { logExport } from '@/data/journal/audit';
import { toStats } from '@/data/participants/mappers';
import { getSponsorReport } from '@/data/stats/sponsor-report';
import { fileDate } from '@/lib/dates';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { writeWorkbook, XLSX_MIME } from '../workbook/readable-export';
import { sponsorReportFileName, sponsorReportSheets } from './sponsor-report-sheets';

/**
 * "Exporter le rapport pour le sponsor (Excel)" (admins and readers: figures only, no personal
 * data): sponsor_report() written as a workbook by the readable exports' writer (exceljs, loaded
 * on the click), downloaded, then journaled with its rows counted over every sheet
 * (docs/decisions/053-sponsor-report-xlsx.md).
 */
export async function exportSponsorReport(): Promise<void> {
  try {
    const report = await getSponsorReport();
    const sheets = sponsorReportSheets(report, toStats(report.participants));
    const fileName = sponsorReportFileName(report.editionYear, fileDate());
    downloadFile(fileName, await writeWorkbook(sheets), XLSX_MIME);
    const rows = sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
    await logExport('sponsor_report.xlsx', {}, rows);
    notify.success('Données exportées avec succès');
  } catch (error) {
    console.error('Export failed (sponsor_report.xlsx)', error);
    notify.error("Erreur lors de l'exportation des données");
  }
}
