import type { AuditionCategory, SessionCategory, SessionState } from './types';

/**
 * The auditions' words that several pages share (the judge's page, the admin's sessions and
 * results, the settings), kept beside the domain
 * (docs/decisions/003-feature-folders-and-data-module.md).
 */

export const CATEGORY_LABELS: Record<AuditionCategory, string> = {
  dance: 'Danse',
  singing: 'Chant',
};

export const SESSION_CATEGORY_LABELS: Record<SessionCategory, string> = {
  ...CATEGORY_LABELS,
  both: 'Danse et chant',
};

export const SESSION_STATE_LABELS: Record<SessionState, string> = {
  open: 'Ouverte',
  locked: 'Verrouillée',
};

/** One sentence under the results: what "normalisé" means, for an organiser. */
export const NORMALISED_EXPLANATION =
  'Score normalisé : les notes de chaque juré sont ramenées à sa propre moyenne et à son propre écart, pour qu’un juré sévère et un juré généreux comptent autant, puis moyennées.';
