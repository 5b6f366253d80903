import { category, list, numOrNull, obj, text, textOrNull } from './mappers';
import type { ScoreExportRow } from './types';

/** audition_scores_export's rows -> the readable export's sheet (./types.ts). */
export const toScoreExportRows = (v: unknown): ScoreExportRow[] =>
  list(v).map((x) => {
    const r = obj(x);
    return {
      city: text(r.city),
      heldOn: text(r.held_on),
      category: category(r.category),
      name: text(r.name),
      judge: text(r.judge),
      criterion: textOrNull(r.criterion),
      value: numOrNull(r.value),
      total: numOrNull(r.total),
      absent: r.absent === true,
      comment: text(r.comment),
    };
  });
