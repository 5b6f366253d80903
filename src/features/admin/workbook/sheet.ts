import { eventWallClock } from '@/lib/dates';

/**
 * The readable exports ("Exporter pour Excel"): French headers and labels, dates in Douala's
 * time, phones as text. A domain builds its sheets (participants/participant-sheets.ts,
 * reservations/reservation-sheets.ts) as plain data; ./readable-export.ts writes them to an .xlsx
 * (it alone loads the spreadsheet library).
 */

/** A cell: text, a number, a date (Douala's wall clock, shown as dd/mm/yyyy hh:mm) or empty. */
export type Cell = string | number | Date | null;

/**
 * `text` columns are formatted as text (`@`), so a phone never becomes 6,77E+08 once edited;
 * `decimal` ones as numbers with one or two decimals (scores: 7,5 ; 7,25).
 */
export type SheetColumn = { header: string; width: number; kind?: 'text' | 'date' | 'decimal' };

export type Sheet = { name: string; columns: readonly SheetColumn[]; rows: Cell[][] };

/** A date cell: Douala's wall clock, or empty. */
export const dateCell = (iso: string | null): Cell => (iso ? eventWallClock(iso) : null);

/** A list's order, as the pages ask the database for it (docs/decisions/008-admin-data-layer.md). */
export type ExportOrder<C extends string> = { column: C | 'created_at'; ascending: boolean };

const collator = new Intl.Collator('fr');

/**
 * `rows` (as the export walk returns them: newest first, `created_at` then `id` descending) put in
 * the list's order: by `column` (French collation, like the database's ICU one), equal values
 * keeping newest first, as the list pages show them; by date, newest or oldest first.
 */
export function sortForExport<T, C extends string>(
  rows: readonly T[],
  order: ExportOrder<C> | undefined,
  valueOf: (row: T, column: C) => string,
): T[] {
  if (!order || order.column === 'created_at')
    return order?.ascending ? [...rows].reverse() : [...rows];
  const column = order.column;
  const sign = order.ascending ? 1 : -1;
  // Array.prototype.sort is stable: ties keep the walk's order (newest first).
  return [...rows].sort((a, b) => sign * collator.compare(valueOf(a, column), valueOf(b, column)));
}
