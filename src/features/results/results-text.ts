import type { TieBreakUsed } from '@/data/final/final-results-public';
import { formatEventDay, formatEventTime } from '@/lib/dates';

/** /resultats's words and numbers (French: a decimal comma, a no-break space before : ; % ?). */

const french = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const signed = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** 7,15 — a mark, points or a score (Intl's fr-FR writes a no-break space between thousands). */
export const score = (n: number | null) => (n === null ? '—' : french.format(n));

/** +0,53 — a normalised score (a z-score: the judge's usual gaps from their own mean). */
export const zScore = (n: number | null) => (n === null ? '—' : signed.format(n));

export const at = (d: string) => `${formatEventDay(d)} à ${formatEventTime(d)}`;

export const CATEGORY_TITLES = { dance: 'Danse', singing: 'Chant' } as const;

export const rankText = (rank: number) => (rank === 1 ? '1er' : `${rank}e`);

/** The tie-break step that separated a finalist from another one with the same score. */
export function tieBreakText(used: TieBreakUsed, criterionLabel: string | null): string {
  if (used === 'jury') return 'Départagé par la note du jury';
  if (used === 'criterion')
    return `Départagé par la note moyenne en «\u00a0${criterionLabel ?? 'critère'}\u00a0»`;
  if (used === 'head_judge') return 'Départagé par la voix prépondérante du juré principal';
  return 'Ex aequo';
}
