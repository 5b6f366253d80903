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

export const hasCriteriaErrors = (e: CriteriaErrors) =>
  Boolean(e.count || e.sum || Object.keys(e.rows).length);

const weightOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

const isWeight = (n: number) => Number.isInteger(n) && n >= 1 && n <= 100;

/** The total of the weights typed (the whole ones). */
export const weightSum = (rows: readonly CriterionRow[]) =>
  rows.reduce((sum, r) => sum + (isWeight(weightOf(r.weight)) ? weightOf(r.weight) : 0), 0);

export function validateCriteria(rows: readonly CriterionRow[]): CriteriaErrors {
  const errors: CriteriaErrors = { rows: {} };
  if (rows.length < MIN_CRITERIA || rows.length > MAX_CRITERIA)
    errors.count = CRITERIA_MESSAGES.count;
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const row: CriteriaErrors['rows'][number] = {};
    const label = cleanLine(r.label);
    const folded = label.toLocaleLowerCase('fr');
    if (label.length < 2 || label.length > 40) row.label = CRITERIA_MESSAGES.label;
    else if (seen.has(folded)) row.label = CRITERIA_MESSAGES.repeated;
    seen.add(folded);
    if (!isWeight(weightOf(r.weight))) row.weight = CRITERIA_MESSAGES.weight;
    if (Object.keys(row).length) errors.rows[i] = row;
  });
  const allWeights = rows.every((r) => isWeight(weightOf(r.weight)));
  const sum = weightSum(rows);
  if (allWeights && sum !== 100) errors.sum = CRITERIA_MESSAGES.sum(sum);
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
