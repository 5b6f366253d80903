/**
 * The readable exports (issue 13, item 3): their rows' order (newest first, or a column with
 * French collation) and their files' names. The workbooks: readable-export.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { participantsXlsxName } from '@/features/admin/participants/participant-exports';
import { reservationsXlsxName } from '@/features/admin/reservations/reservation-exports';
import { sortForExport } from '@/features/admin/workbook/sheet';

describe('the order of a readable export', () => {
  // As the export walk returns them: newest first.
  const rows = [
    { name: 'Zoé', at: 5 },
    { name: 'Éric', at: 4 },
    { name: 'awa', at: 3 },
    { name: 'Eric', at: 2 },
    { name: 'Éric', at: 1 },
  ];
  const valueOf = (r: (typeof rows)[number]) => r.name;
  const names = (sorted: typeof rows) => sorted.map((r) => `${r.name}${r.at}`);

  it('keeps newest first by default, and reverses for oldest first', () => {
    expect(names(sortForExport(rows, undefined, valueOf))).toEqual(names(rows));
    expect(names(sortForExport(rows, { column: 'created_at', ascending: false }, valueOf))).toEqual(
      names(rows),
    );
    expect(names(sortForExport(rows, { column: 'created_at', ascending: true }, valueOf))).toEqual(
      names([...rows].reverse()),
    );
  });

  it('sorts by a column with French collation, equal values newest first', () => {
    expect(names(sortForExport(rows, { column: 'full_name', ascending: true }, valueOf))).toEqual([
      'awa3',
      'Eric2',
      'Éric4',
      'Éric1',
      'Zoé5',
    ]);
    expect(names(sortForExport(rows, { column: 'full_name', ascending: false }, valueOf))).toEqual([
      'Zoé5',
      'Éric4',
      'Éric1',
      'Eric2',
      'awa3',
    ]);
  });
});

it('names the files by the local day', () => {
  const day = new Date(2026, 10, 23, 9);
  expect(participantsXlsxName(day)).toBe('participants_2026-11-23.xlsx');
  expect(reservationsXlsxName(day)).toBe('reservations_2026-11-23.xlsx');
});
