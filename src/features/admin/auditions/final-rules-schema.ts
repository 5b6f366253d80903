import * as z from 'zod/mini';
import type { FinalRulesDraft, FinalState } from '@/data/final/admin';
import { fromDoualaInput, toDoualaInput } from '@/lib/douala-input';

/**
 * The final's rules form (docs/decisions/047-the-final.md). The jury's share is typed, the
 * public's is what is left of 100; the chain is the issue's: the higher jury score, then the
 * higher mean on the chosen criterion (when one is chosen), then the lead judge's casting vote.
 * The database keeps every rule (private.final_rules_check); the form checks the share and the
 * date before sending, with the database's own words.
 */
const SHARE = 'La part du jury est un nombre entier de 0 à 100.';
const EXPECTED = 'Indiquez la date des résultats (AAAA-MM-JJ HH:MM).';

export const finalRulesSchema = z.object({
  juryShare: z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,3}$/.test(v) && Number(v) <= 100, SHARE),
  ),
  /** '' : no criterion in the chain. */
  criterion: z.string(),
  rounds: z.array(z.string()),
  /** A `datetime-local` value in Douala, or ''. */
  resultsExpectedAt: z
    .string()
    .check(z.refine((v) => v.trim() === '' || fromDoualaInput(v) !== null, EXPECTED)),
});

export type FinalRulesFormValues = z.input<typeof finalRulesSchema>;
export type FinalRulesField = keyof FinalRulesFormValues;

/** The form's field of a payload key the database refused. */
const FIELDS: Record<string, FinalRulesField> = {
  jury_share: 'juryShare',
  public_share: 'juryShare',
  tiebreak: 'criterion',
  tiebreak_criterion: 'criterion',
  vote_round_ids: 'rounds',
  results_expected_at: 'resultsExpectedAt',
};
export const fieldOfKey = (key: string): FinalRulesField | undefined => FIELDS[key];

/** The public's share for a typed jury share; null while it is not a share. */
export function publicShareOf(jury: string): number | null {
  const v = jury.trim();
  return /^\d{1,3}$/.test(v) && Number(v) <= 100 ? 100 - Number(v) : null;
}

export function toFinalRulesFormValues(s: FinalState): FinalRulesFormValues {
  return {
    juryShare: String(s.juryShare),
    criterion: s.tiebreak.includes('criterion') ? (s.tiebreakCriterion ?? '') : '',
    rounds: s.voteRoundIds,
    resultsExpectedAt: toDoualaInput(s.resultsExpectedAt),
  };
}

/** The values as admin_save_final_rules takes them. Jury only: no round counts. */
export function toFinalRulesDraft(v: FinalRulesFormValues): FinalRulesDraft {
  const jury = Number(v.juryShare.trim());
  return {
    juryShare: jury,
    publicShare: 100 - jury,
    tiebreak: v.criterion ? ['jury', 'criterion', 'head_judge'] : ['jury', 'head_judge'],
    tiebreakCriterion: v.criterion || null,
    voteRoundIds: jury === 100 ? [] : v.rounds,
    resultsExpectedAt: v.resultsExpectedAt.trim() ? fromDoualaInput(v.resultsExpectedAt) : null,
  };
}
