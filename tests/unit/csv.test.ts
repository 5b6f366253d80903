import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, safeCell, toCsv } from '@/lib/csv';

const parse = (csv: string) => {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n' }).data;
};

describe('toCsv', () => {
  it('writes a BOM, semicolons and CRLF, and parses back to the same cells', () => {
    const csv = toCsv(
      ['Nom', 'Ville'],
      [
        ['Awa Ngono', 'Yaoundé'],
        ['Jean; "Le Roi"', 'Douala\nNord'],
      ],
    );
    expect(csv).toContain('\r\n');
    expect(csv.split('\r\n')[0]).toBe(`${CSV_BOM}Nom;Ville`);
    expect(parse(csv)).toEqual([
      ['Nom', 'Ville'],
      ['Awa Ngono', 'Yaoundé'],
      ['Jean; "Le Roi"', 'Douala\nNord'],
    ]);
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const evil = ['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tx', '\rx', '\nx'];
    const rows = parse(toCsv(['a', 'b', 'c', 'd', 'e', 'f', 'g'], [evil]));
    expect(rows[1]).toEqual(evil.map((v) => `'${v}`));
  });

  it('leaves ordinary values alone and writes empty cells for null', () => {
    expect(safeCell('Awa')).toBe('Awa');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell(12)).toBe('12');
    expect(safeCell(true)).toBe('true');
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
  });
});
