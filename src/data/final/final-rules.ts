import { publicRpc } from '@/data/shared/public-rpc';
import { DataError, toDataError } from '@/lib/errors';
import type { CheckedValues, Database } from '../../../supabase/database.types';

/**
 * The final's published rules (final_rules_public), read with plain fetch as the other public
 * pages' facts (src/data/shared/public-rpc.ts): per category, the jury's and the public's shares,
 * the tie-break chain, the vote rounds that count, when they were published and last changed
 * (docs/decisions/047-the-final.md). A category not yet published is absent.
 */

export type TieBreakStep = 'jury' | 'criterion' | 'head_judge';

export type FinalRules = {
  category: (typeof CheckedValues.final_rules.category)[number];
  juryShare: number;
  publicShare: number;
  tiebreak: TieBreakStep[];
  /** The named criterion's label when the chain has 'criterion'. */
  criterionLabel: string | null;
  /** The titles of the public vote's rounds that count. */
  voteRounds: string[];
  resultsExpectedAt: string | null;
  publishedAt: string;
  /** Set when a second admin approved a change after publication. */
  modifiedAt: string | null;
};

const RULES_ERROR = 'Impossible de charger les règles de la finale pour le moment.';
const STEPS: TieBreakStep[] = ['jury', 'criterion', 'head_judge'];

/** final_rules_public's row (supabase/schemas/08_answer_types_final.sql), renamed. */
function toFinalRules(
  r: Database['public']['CompositeTypes']['final_rules_public_row'],
): FinalRules {
  if (r.category !== 'dance' && r.category !== 'singing')
    throw new DataError('unknown', RULES_ERROR);
  const chain = r.tiebreak ?? [];
  return {
    category: r.category,
    juryShare: r.jury_share ?? 0,
    publicShare: r.public_share ?? 0,
    tiebreak: STEPS.filter((s) => chain.includes(s)).sort(
      (a, b) => chain.indexOf(a) - chain.indexOf(b),
    ),
    criterionLabel: r.tiebreak_criterion_label,
    voteRounds: (r.vote_rounds ?? []).flatMap((v) => (v.title === null ? [] : [v.title])),
    resultsExpectedAt: r.results_expected_at,
    publishedAt: r.published_at ?? '',
    modifiedAt: r.modified_at,
  };
}

export async function getFinalRules(): Promise<FinalRules[]> {
  const { data, error } = await publicRpc('final_rules_public');
  if (error) throw toDataError(error, RULES_ERROR);
  if (!Array.isArray(data)) throw new DataError('unknown', RULES_ERROR);
  return data.map(toFinalRules);
}
