import { CATEGORY_LABELS } from '@/data/auditions/labels';
import type { ScoreExportRow } from '@/data/auditions/types';
import type { Sheet, SheetColumn } from '../workbook/sheet';

export const JURY_SHEET = 'Notes du jury';

const JURY_COLUMNS: readonly SheetColumn[] = [
  { header: 'Ville', width: 14 },
  { header: 'Jour', width: 12, kind: 'text' },
  { header: 'Catégorie', width: 11 },
  { header: 'Candidat', width: 28 },
  { header: 'Juré', width: 10 },
  { header: 'Critère', width: 22 },
  { header: 'Note /10', width: 10, kind: 'decimal' },
  { header: 'Note pondérée du juré /10', width: 14, kind: 'decimal' },
  { header: 'Absent', width: 8 },
  { header: 'Commentaire', width: 50 },
];

/** "05/12/2026": a session's day (yyyy-mm-dd) as a French spreadsheet reads it. */
const day = (heldOn: string) => heldOn.split('-').reverse().join('/');

/**
 * The readable export's jury sheet (issue 30): every judge's score per criterion, one row each,
 * as audition_scores_export gives them (an absent performer: one row per judge, "Oui", no score).
 * Scores are numbers (a spreadsheet sorts and averages them), shown with one or two decimals.
 */
export function juryScoresSheet(rows: readonly ScoreExportRow[]): Sheet {
  return {
    name: JURY_SHEET,
    columns: JURY_COLUMNS,
    rows: rows.map((r) => [
      r.city,
      day(r.heldOn),
      CATEGORY_LABELS[r.category],
      r.name,
      r.judge,
      r.criterion ?? '',
      r.value,
      r.total,
      r.absent ? 'Oui' : 'Non',
      r.comment,
    ]),
  };
}
