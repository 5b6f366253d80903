import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import {
  AUDITIONS_LOAD_ERROR,
  toAdminAuditionSessions,
  toAuditionResults,
  toAuditionSession,
  toCriteriaSettings,
  toJuryAccounts,
  toRanking,
} from './mappers';
import { toScoreExportRows } from './export-mappers';
import type {
  AdminAuditionSession,
  AuditionCategory,
  AuditionResults,
  AuditionSession,
  CriteriaSettings,
  CriterionDraft,
  JuryAccount,
  PreselectResult,
  PreselectStatus,
  RankingRow,
  ScoreExportRow,
  SessionDraft,
} from './types';

/**
 * The organisers' side of the auditions (/admin/auditions, /admin/parametres): sessions and
 * their judges, the criteria, the unlock, the results and the ranking across cities, the top N
 * preselected, the export's sheet. Admins write; readers (lecteur) read the sessions, results and
 * ranking. The database checks each role and journals each write
 * (docs/decisions/031-jury-scorecards.md).
 */

const SAVE_ERROR = 'La session n’a pas pu être enregistrée. Veuillez réessayer.';
const ACTION_ERROR = 'L’action n’a pas pu être enregistrée. Veuillez réessayer.';

/** Every session with its judges and progress, newest first (admin_audition_sessions). */
export async function listAuditionSessions(): Promise<AdminAuditionSession[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_audition_sessions');
  if (error) throw toDataError(error, AUDITIONS_LOAD_ERROR);
  return toAdminAuditionSessions(data);
}

/** The staff accounts with the role jury (jury_accounts), for the session editor. */
export async function listJuryAccounts(): Promise<JuryAccount[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_accounts');
  if (error) throw toDataError(error, 'Erreur lors du chargement des jurés');
  return toJuryAccounts(data);
}

/** Creates (no id) or updates a session; the database refuses in French what may not change. */
export async function saveAuditionSession(draft: SessionDraft): Promise<AuditionSession> {
  const supabase = await getSupabase();
  const payload = {
    ...(draft.id ? { id: draft.id } : {}),
    city: draft.city,
    held_on: draft.heldOn,
    category: draft.category,
    venue: draft.venue,
    judges: draft.judges,
    lead: draft.lead,
  };
  const { data, error } = await supabase.rpc('admin_save_audition_session', { payload });
  if (error) throw toDataError(error, SAVE_ERROR);
  return toAuditionSession(data);
}

/** Deletes a session that has no scorecard yet. */
export async function deleteAuditionSession(sessionId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_delete_audition_session', {
    session_id: sessionId,
  });
  if (error) throw toDataError(error, 'La session n’a pas pu être supprimée. Veuillez réessayer.');
}

/** Unlocks a locked session (admins; the reason goes to the journal). */
export async function unlockSession(sessionId: string, reason: string): Promise<AuditionSession> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_unlock_session', {
    session_id: sessionId,
    reason,
  });
  if (error) throw toDataError(error, ACTION_ERROR);
  return toAuditionSession(data);
}

/** The settings' criteria per category (audition_criteria). */
export async function getAuditionCriteria(): Promise<CriteriaSettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audition_criteria');
  if (error) throw toDataError(error, 'Erreur lors du chargement des critères');
  return toCriteriaSettings(data);
}

/**
 * Replaces a category's criteria (2 to 8, weights summing to 100); sessions not yet scored take
 * them, scored ones keep theirs. Answers every category's criteria as they now are.
 */
export async function saveAuditionCriteria(
  category: AuditionCategory,
  criteria: CriterionDraft[],
): Promise<CriteriaSettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_save_audition_criteria', {
    category,
    criteria: criteria.map((c) => ({
      ...(c.key ? { key: c.key } : {}),
      label: c.label,
      weight: c.weight,
    })),
  });
  if (error)
    throw toDataError(error, 'Les critères n’ont pas pu être enregistrés. Veuillez réessayer.');
  return toCriteriaSettings(data);
}

/** A session's results per category: each judge's scores, raw and normalised ranks. */
export async function getAuditionResults(sessionId: string): Promise<AuditionResults> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audition_results', { session_id: sessionId });
  if (error) throw toDataError(error, 'Erreur lors du chargement des résultats');
  return toAuditionResults(data);
}

/** A category's ranking across every city, on normalised scores. */
export async function getAuditionRanking(category: AuditionCategory): Promise<RankingRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audition_ranking', { category });
  if (error) throw toDataError(error, 'Erreur lors du chargement du classement');
  return toRanking(data);
}

/**
 * Gives the first `n` of a ranking (a session's, or across cities without `sessionId`) the
 * status `status` through the pipeline. Refused while a session is open or incomplete (reason
 * 'sessions_not_ready', the sessions named) and across a tie ('ranking_tie'); those already
 * further along keep their status unless in `moveBack`
 * (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
export async function preselectTop(args: {
  category: AuditionCategory;
  n: number;
  status: PreselectStatus;
  sessionId?: string | null;
  /** The ids the admin ticked to move back (an explicit choice: [] for nobody). */
  moveBack: string[];
}): Promise<PreselectResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_preselect_top', {
    category: args.category,
    n: args.n,
    status: args.status,
    move_back: args.moveBack,
    ...(args.sessionId ? { session_id: args.sessionId } : {}),
  });
  if (error) throw toDataError(error, ACTION_ERROR);
  return { ids: data?.ids ?? [], updated: data?.updated ?? 0, kept: data?.kept ?? [] };
}

/** Every judge's score per criterion, for the readable export's sheet (admins). */
export async function getAuditionScoresExport(): Promise<ScoreExportRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audition_scores_export');
  if (error) throw toDataError(error, 'Erreur lors de l’export des notes du jury');
  return toScoreExportRows(data);
}
