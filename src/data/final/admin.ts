import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { CheckedValues } from '../../../supabase/database.types';

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

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : []);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (typeof v === 'string' ? v : null);

export async function getFinalState(category: FinalCategory): Promise<FinalState> {
  const supabase = await getSupabase();
  const [results, rules] = await Promise.all([
    supabase.rpc('final_results', { category }),
    supabase.rpc('final_rules'),
  ]);
  if (results.error) throw toDataError(results.error, LOAD_ERROR);
  if (rules.error) throw toDataError(rules.error, LOAD_ERROR);
  const r = results.data;
  const rule = list(rules.data).find((x) => x.category === category);
  if (!isRecord(r) || !rule) throw new DataError('unknown', LOAD_ERROR);
  const pending = isRecord(rule.pending) ? rule.pending : null;
  const published = isRecord(r.published) ? r.published : null;
  return {
    juryShare: Number(rule.jury_share ?? 0),
    publicShare: Number(rule.public_share ?? 0),
    tiebreak: Array.isArray(rule.tiebreak) ? rule.tiebreak.map(String) : [],
    tiebreakCriterion: text(rule.tiebreak_criterion),
    voteRoundIds: list(rule.vote_rounds).map((v) => String(v.id)),
    resultsExpectedAt: text(rule.results_expected_at),
    rulesPublishedAt: text(rule.published_at),
    pendingChange: pending
      ? {
          id: String(pending.id),
          mine: pending.mine === true,
          proposedBy: text(pending.proposed_by) ?? '',
        }
      : null,
    finalists: list(r.finalists).map((f) => ({
      name: String(f.name ?? ''),
      rank: num(f.rank),
      normalised: num(f.normalised),
      juryPoints: num(f.jury_points),
      votes: Number(f.votes ?? 0),
      publicPercent: num(f.public_percent),
      combined: num(f.combined),
      tiebreak: text(f.tiebreak),
      scored: Number(f.scored ?? 0),
      judgesCount: Number(f.judges_count ?? 0),
      recused: Number(f.recused ?? 0),
      incomplete: f.incomplete === true,
    })),
    judges: list(r.judges).map((j) => ({
      label: String(j.label ?? ''),
      deviation: num(j.deviation),
      far: j.far === true,
    })),
    sessionsOpen: list(r.sessions).filter((s) => s.state !== 'locked').length,
    openSessions: list(r.sessions)
      .filter((s) => s.state !== 'locked')
      .map((s) => ({
        id: text(s.id) ?? '',
        city: text(s.city) ?? '',
        heldOn: text(s.held_on) ?? '',
      })),
    publishedAt: published ? text(published.published_at) : null,
    digest: published ? String(published.inputs_digest ?? '') : String(r.inputs_digest ?? ''),
  };
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
  return isRecord(data) && isRecord(data.pending) ? 'proposed' : 'applied';
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
