import * as z from 'zod/mini';
import { cleanLine } from '@/lib/validation';
import type { CriterionSetting, CriterionDraft } from '@/data/auditions/types';

/**
 * The criteria editor's rules, the database's own (admin_save_audition_criteria checks them
 * again): 2 to 8 criteria per category, each a label of 2 to 40 characters used once and a whole
 * weight of 1 to 100, the weights summing to 100.
 */
export const MIN_CRITERIA = 2;
export const MAX_CRITERIA = 8;

export const CRITERIA_MESSAGES = {
  count: `Une catégorie compte de ${MIN_CRITERIA} à ${MAX_CRITERIA} critères.`,
  label: 'Le libellé compte de 2 à 40 caractères.',
  repeated: 'Ce libellé est déjà utilisé dans cette catégorie.',
  weight: 'Le poids est un nombre entier de 1 à 100.',
  sum: (sum: number) => `Les poids totalisent ${sum} : ils doivent totaliser 100.`,
} as const;

/** A row of the editor: the weight as typed. */
export type CriterionRow = { key?: string; label: string; weight: string };

export type CriteriaErrors = {
  count?: string;
  sum?: string;
  /** By row's index. */
  rows: Record<number, { label?: string; weight?: string }>;
};

const weightOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

const isWeight = (n: number) => Number.isInteger(n) && n >= 1 && n <= 100;

/** The total of the weights typed (the whole ones). */
export const weightSum = (rows: readonly CriterionRow[]) =>
  rows.reduce((sum, r) => sum + (isWeight(weightOf(r.weight)) ? weightOf(r.weight) : 0), 0);

const labelLengthOk = (label: string) => {
  const length = cleanLine(label).length;
  return length >= 2 && length <= 40;
};

/**
 * The editor's schema (react-hook-form's resolver, docs/decisions/012-form-validation-zod-mini.md):
 * each row's label and weight, then the list's rules: a label used twice (under the second), the
 * count and the total, which the form shows under the list (`root.count`, `root.sum`).
 */
export const criteriaSchema = z
  .object({
    rows: z.array(
      z.object({
        key: z.optional(z.string()),
        label: z.string().check(z.refine(labelLengthOk, CRITERIA_MESSAGES.label)),
        weight: z
          .string()
          .check(z.refine((weight) => isWeight(weightOf(weight)), CRITERIA_MESSAGES.weight)),
      }),
    ),
  })
  .check(
    z.superRefine(({ rows }, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.issues.push({ code: 'custom', message, path, input: rows });
      if (rows.length < MIN_CRITERIA || rows.length > MAX_CRITERIA)
        issue(['root', 'count'], CRITERIA_MESSAGES.count);
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const folded = cleanLine(r.label).toLocaleLowerCase('fr');
        if (labelLengthOk(r.label) && seen.has(folded))
          issue(['rows', i, 'label'], CRITERIA_MESSAGES.repeated);
        seen.add(folded);
      });
      const sum = weightSum(rows);
      if (rows.every((r) => isWeight(weightOf(r.weight))) && sum !== 100)
        issue(['root', 'sum'], CRITERIA_MESSAGES.sum(sum));
    }),
  );

/** The schema's messages, by list and by row (the first of each field). */
export function validateCriteria(rows: readonly CriterionRow[]): CriteriaErrors {
  const errors: CriteriaErrors = { rows: {} };
  const result = criteriaSchema.safeParse({ rows });
  for (const { path, message } of result.success ? [] : result.error.issues) {
    if (path[0] === 'root') errors[path[1] as 'count' | 'sum'] ??= message;
    else {
      const row = (errors.rows[path[1] as number] ??= {});
      row[path[2] as 'label' | 'weight'] ??= message;
    }
  }
  return errors;
}

export const rowsOf = (criteria: readonly CriterionSetting[]): CriterionRow[] =>
  [...criteria]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({ key: c.key, label: c.label, weight: String(c.weight) }));

/** The rows as sent: labels cleaned, weights as numbers, in the order shown. */
export const draftsOf = (rows: readonly CriterionRow[]): CriterionDraft[] =>
  rows.map((r) => ({
    ...(r.key ? { key: r.key } : {}),
    label: cleanLine(r.label),
    weight: weightOf(r.weight),
  }));
