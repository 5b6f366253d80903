import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';

/**
 * The organisers' side of the final (/admin/auditions?finale=, docs/decisions/047-the-final.md):
 * the results as the database computes them now, publishing the rules, approving a change of
 * published rules (another admin's), publishing the results once. The database checks each role
 * and journals each write.
 */

/** The final's categories, as the database declares them (final_rules.category). */
export const FINAL_CATEGORIES = CheckedValues.final_rules.category;
export type FinalCategory = (typeof FINAL_CATEGORIES)[number];

export type FinalFinalist = {
  name: string;
  rank: number | null;
  normalised: number | null;
  juryPoints: number | null;
  votes: number;
  publicPercent: number | null;
  combined: number | null;
  tiebreak: string | null;
  scored: number;
  judgesCount: number;
  recused: number;
  incomplete: boolean;
};

type FinalJudge = { label: string; deviation: number | null; far: boolean };

export type FinalState = {
  juryShare: number;
  publicShare: number;
  /** The tie-break chain in order (docs/decisions/047-the-final.md). */
  tiebreak: string[];
  /** The criterion's key when the chain has 'criterion'. */
  tiebreakCriterion: string | null;
  /** The public vote's rounds that count. */
  voteRoundIds: string[];
  resultsExpectedAt: string | null;
  rulesPublishedAt: string | null;
  pendingChange: { id: string; mine: boolean; proposedBy: string } | null;
  finalists: FinalFinalist[];
  judges: FinalJudge[];
  sessionsOpen: number;
  /** The final sessions still open (their cards can be unlocked): id, city, day. */
  openSessions: { id: string; city: string; heldOn: string }[];
  publishedAt: string | null;
  digest: string;
};

const LOAD_ERROR = 'Impossible de charger la finale pour le moment.';
const ACTION_ERROR = 'L’action n’a pas pu être enregistrée. Veuillez réessayer.';

type Answer = Database['public']['CompositeTypes'];

/** final_results and final_rules (supabase/schemas/08_answer_types_final.sql), renamed. */
function toFinalState(
  r: Answer['final_results_answer'],
  rule: Answer['final_rules_row'],
): FinalState {
  const open = (r.sessions ?? []).filter((s) => s.state !== 'locked');
  return {
    juryShare: rule.jury_share ?? 0,
    publicShare: rule.public_share ?? 0,
    tiebreak: rule.tiebreak ?? [],
    tiebreakCriterion: rule.tiebreak_criterion,
    voteRoundIds: (rule.vote_rounds ?? []).map((v) => v.id ?? ''),
    resultsExpectedAt: rule.results_expected_at,
    rulesPublishedAt: rule.published_at,
    pendingChange: rule.pending?.id
      ? {
          id: rule.pending.id,
          mine: rule.pending.mine === true,
          proposedBy: rule.pending.proposed_by ?? '',
        }
      : null,
    finalists: (r.finalists ?? []).map((f) => ({
      name: f.name ?? '',
      rank: f.rank,
      normalised: f.normalised,
      juryPoints: f.jury_points,
      votes: f.votes ?? 0,
      publicPercent: f.public_percent,
      combined: f.combined,
      tiebreak: f.tiebreak,
      scored: f.scored ?? 0,
      judgesCount: f.judges_count ?? 0,
      recused: f.recused ?? 0,
      incomplete: f.incomplete === true,
    })),
    judges: (r.judges ?? []).map((j) => ({
      label: j.label ?? '',
      deviation: j.deviation,
      far: j.far === true,
    })),
    sessionsOpen: open.length,
    openSessions: open.map((s) => ({
      id: s.id ?? '',
      city: s.city ?? '',
      heldOn: s.held_on ?? '',
    })),
    publishedAt: r.published?.published_at ?? null,
    digest: (r.published ? r.published.inputs_digest : r.inputs_digest) ?? '',
  };
}

export async function getFinalState(category: FinalCategory): Promise<FinalState> {
  const supabase = await getSupabase();
  const [results, rules] = await Promise.all([
    supabase.rpc('final_results', { category }),
    supabase.rpc('final_rules'),
  ]);
  if (results.error) throw toDataError(results.error, LOAD_ERROR);
  if (rules.error) throw toDataError(rules.error, LOAD_ERROR);
  const rule = rules.data.find((x) => x.category === category);
  if (!results.data || !rule) throw new DataError('unknown', LOAD_ERROR);
  return toFinalState(results.data, rule);
}

/** The rules as admin_save_final_rules takes them. */
export type FinalRulesDraft = {
  juryShare: number;
  publicShare: number;
  tiebreak: string[];
  tiebreakCriterion: string | null;
  voteRoundIds: string[];
  /** ISO with its offset, or null. */
  resultsExpectedAt: string | null;
};

/**
 * Saves a category's rules (admins). Not yet published: applied at once ('applied'). Published:
 * frozen, so the database stores a change another admin must approve (HTTP 202, 'proposed').
 * A refused field throws a DataError with reason 'invalid_field' (read by fieldRefusal).
 */
export async function saveFinalRules(
  category: FinalCategory,
  draft: FinalRulesDraft,
): Promise<'applied' | 'proposed'> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_save_final_rules', {
    category,
    rules: {
      jury_share: draft.juryShare,
      public_share: draft.publicShare,
      tiebreak: draft.tiebreak,
      tiebreak_criterion: draft.tiebreakCriterion,
      vote_round_ids: draft.voteRoundIds,
      results_expected_at: draft.resultsExpectedAt,
    },
  });
  if (error) throw toDataError(error, ACTION_ERROR);
  return data?.pending?.id ? 'proposed' : 'applied';
}

export async function publishFinalRules(category: FinalCategory): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_publish_final_rules', { category });
  if (error) throw toDataError(error, ACTION_ERROR);
}

export async function approveFinalRulesChange(changeId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_approve_final_rules', { change_id: changeId });
  if (error) throw toDataError(error, ACTION_ERROR);
}

export async function publishFinalResults(category: FinalCategory): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_publish_final_results', { category });
  if (error) throw toDataError(error, ACTION_ERROR);
}
