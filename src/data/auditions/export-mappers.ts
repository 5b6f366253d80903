import { category, type Answer } from './mappers';
import type { ScoreExportRow } from './types';

/** audition_scores_export's rows -> the readable export's sheet (./types.ts). */
export const toScoreExportRows = (rows: Answer['audition_score_export_row'][]): ScoreExportRow[] =>
  rows.map((r) => ({
    city: r.city ?? '',
    heldOn: r.held_on ?? '',
    category: category(r.category),
    name: r.name ?? '',
    judge: r.judge ?? '',
    criterion: r.criterion,
    value: r.value,
    total: r.total,
    absent: r.absent === true,
    comment: r.comment ?? '',
  }));
