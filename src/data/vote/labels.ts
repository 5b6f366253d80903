import type { Eligibility, RoundState, ScreenMode } from './types';

/**
 * The public vote's words that several pages share (the admin's rounds, the régie, the stage
 * screen, the pass page), kept beside the domain (docs/decisions/003-feature-folders-and-data-module.md).
 */

export const ROUND_STATE_LABELS: Record<RoundState, string> = {
  draft: 'En préparation',
  open: 'Vote ouvert',
  closed: 'Vote clos',
  revealed: 'Résultats révélés',
};

export const ELIGIBILITY_LABELS: Record<Eligibility, string> = {
  checked_in: 'Pass validés à l’entrée',
  confirmed: 'En ligne : pass réservés avant la création de la manche',
};

export const SCREEN_MODE_LABELS: Record<ScreenMode, string> = {
  idle: 'Au repos (« Préparez votre pass »)',
  open: 'Vote ouvert',
  closed: 'Vote clos',
  revealed: 'Résultats',
};

/** 42,5 % (one decimal at most, French comma, no-break space). */
export function formatShare(share: number | null): string {
  if (share === null) return '—';
  const rounded = Math.round(share * 10) / 10;
  return `${String(rounded).replace('.', ',')} %`;
}

/** "12 votants", "1 votant", "Aucun votant". */
export function votersText(n: number, format: (n: number) => string = String): string {
  if (n === 0) return 'Aucun votant';
  return `${format(n)} votant${n > 1 ? 's' : ''}`;
}

/** "n° 3 — Awa N.": a candidate as the hall hears it. */
export const candidateLabel = (c: { number: number; name: string }) => `n° ${c.number} — ${c.name}`;

/**
 * Results from the most votes down, ties by number: the stage screen's rows and the régie's list
 * read in the same order (docs/decisions/044-stage-screen-from-the-back.md).
 */
export const rankedResults = <C extends { number: number; votes: number | null }>(
  candidates: readonly C[],
): C[] => [...candidates].sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0) || a.number - b.number);
