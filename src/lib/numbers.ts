/**
 * 12 345 (a count, grouped with the narrow no-break space French uses, as fr-FR's
 * toLocaleString writes it; without building a number formatter on a public page's start).
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+$)/g, '\u202f');
}

/** Whole-number percentage of `part` in `total` (0 when total is 0). */
export const percent = (part: number, total: number) =>
  total > 0 ? Math.round((part / total) * 100) : 0;
