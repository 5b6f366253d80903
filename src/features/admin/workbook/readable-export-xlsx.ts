import type ExcelJS from 'exceljs';
import type { Sheet } from './sheet';

/**
 * The .xlsx writer of the readable exports, given the exceljs module (imported by the worker,
 * readable-export.worker.ts, or loaded on the page as a fallback). Strings are stored as strings
 * (shared strings): a name starting with `=` stays text, a 9-digit phone never becomes a number.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FORMATS = { text: '@', date: 'dd/mm/yyyy hh:mm', decimal: '0.0#' } as const;

/** The worker's answer: the file, or why it could not be written. */
export type XlsxResponse = { buffer: ArrayBuffer } | { error: string };

/** `sheets` as an .xlsx: header row bold, frozen and filterable; widths and formats per column. */
export async function writeXlsx(
  excel: Pick<typeof ExcelJS, 'Workbook'>,
  sheets: readonly Sheet[],
): Promise<ArrayBuffer> {
  const workbook = new excel.Workbook();
  workbook.creator = 'Booster Challenge';
  workbook.created = new Date();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      width: c.width,
      style: c.kind ? { numFmt: FORMATS[c.kind] } : {},
    }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.numFmt = 'General';
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
    ws.addRows(sheet.rows);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  // exceljs types its result as its own Buffer interface: the bytes, as an ArrayBuffer.
  return new Uint8Array(buffer).slice().buffer;
}
