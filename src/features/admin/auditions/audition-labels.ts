import { doualaInstant, formatEventDate } from '@/lib/dates';
import {
  CATEGORY_LABELS,
  SESSION_CATEGORY_LABELS,
  SESSION_STATE_LABELS,
} from '@/data/auditions/labels';
import type { AuditionCategory, SessionCategory, SessionState } from '@/data/auditions/types';

export { SESSION_CATEGORY_LABELS, SESSION_STATE_LABELS };

export const categoryLabel = (category: AuditionCategory) => CATEGORY_LABELS[category];

export const SESSION_STATE_LOOK: Record<SessionState, string> = {
  open: 'bg-green-100 text-green-900',
  locked: 'bg-gray-200 text-gray-900',
};

/** "samedi 5 décembre 2026": a session's day (yyyy-mm-dd, in Douala). */
export const sessionDay = (heldOn: string) =>
  heldOn ? formatEventDate(doualaInstant(heldOn)) : '';

/** "Douala, samedi 5 décembre 2026 (Danse)": a session named in a sentence or a heading. */
export const sessionName = (s: { city: string; heldOn: string; category: SessionCategory }) =>
  `${s.city}, ${sessionDay(s.heldOn)} (${SESSION_CATEGORY_LABELS[s.category]})`;

const decimals = (digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const two = decimals(2);
const three = decimals(3);
const half = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** A weighted total or a raw mean, on 10 ("7,25"); a dash when there is none. */
export const scoreText = (n: number | null) => (n === null ? '—' : two.format(n));

/** A criterion's score (half points: "7,5"). */
export const pointText = (n: number | undefined) => (n === undefined ? '—' : half.format(n));

/** A normalised score, signed ("+0,842", "−1,204", "0,000"). */
export const zText = (n: number | null) =>
  n === null ? '—' : `${n > 0 ? '+' : n < 0 ? '−' : ''}${three.format(Math.abs(n))}`;

/**
 * "Incomplet (1 juré sur 2)": scored by fewer judges than the session has, ranked after every
 * complete performer (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
export const incompleteText = (r: { scored: number; judgesCount: number }) =>
  `Incomplet (${r.scored} juré${r.scored > 1 ? 's' : ''} sur ${r.judgesCount})`;

/** A rank, "ex aequo" when tied ("2 ex aequo"). */
export const rankText = (rank: number | null, tied: boolean) =>
  rank === null ? '—' : `${rank}${tied ? ' ex aequo' : ''}`;
