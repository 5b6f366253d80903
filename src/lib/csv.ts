import Papa from 'papaparse';

/**
 * The one CSV writer of the app (every export goes through it). Files open right in a French
 * spreadsheet: UTF-8 byte-order mark, `;` separator, CRLF line ends, and every cell that a
 * spreadsheet would read as a formula (leading `= + - @`, TAB, CR or LF) is neutralised with a
 * leading apostrophe.
 */
export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';
const CSV_DELIMITER = ';';
const CSV_NEWLINE = '\r\n';
export const CSV_MIME = 'text/csv;charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r\n]/;

/** A cell as text, with a leading `'` when a spreadsheet would otherwise run it as a formula. */
export function safeCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A complete CSV file (BOM included) from a header and rows of cells. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const data = [header.map(safeCell), ...rows.map((row) => row.map(safeCell))];
  return (
    CSV_BOM +
    Papa.unparse(data, {
      delimiter: CSV_DELIMITER,
      newline: CSV_NEWLINE,
      quotes: false,
      escapeFormulae: false, // done by safeCell, which also covers LF
    })
  );
}

// Kept here for the exports' imports; the public pass page imports ./download alone (no papaparse).
export { downloadFile } from './download';
