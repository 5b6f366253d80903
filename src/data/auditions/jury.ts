import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import {
  AUDITIONS_LOAD_ERROR,
  toAuditionSession,
  toJurySession,
  toJurySessionSummaries,
  toScorecard,
} from './mappers';
import type {
  AuditionSession,
  JurySession,
  JurySessionSummary,
  ScorecardDraft,
  SubmitResult,
} from './types';

/**
 * The judge's calls (/jury): the sessions assigned to them, one session with its running order
 * and their own cards (the others' only once locked), a card sent (again and again until an
 * answer: the same card id and revision count once), the lock (lead judge or admin). The
 * database checks each role, the lock and the revisions (docs/decisions/031-jury-scorecards.md).
 */

export const JURY_LOAD_ERROR = 'Impossible de charger la session du jury pour le moment.';
export const SCORE_SEND_ERROR =
  'La note n’a pas pu être envoyée : elle reste sur cet appareil et partira au retour du réseau.';
export const LOCK_ERROR = 'La session n’a pas pu être verrouillée. Veuillez réessayer.';

/** The database's reasons a page may act on (DataError.reason). */
export const JURY_REFUSALS = {
  /** The session is locked: the card was not stored (whenever it left the phone). */
  sessionLocked: 'session_locked',
  /** jury_lock_session without force: some judge has not scored every present performer. */
  scoresMissing: 'scores_missing',
} as const;

/** True when `error` is the database's refusal of a card because the session is locked. */
export const isSessionLocked = (error: unknown) =>
  error instanceof DataError && error.reason === JURY_REFUSALS.sessionLocked;

/**
 * True when the card should stay on the device and be sent again later (no network, or the
 * server did not answer); false for a refusal, which sending again would not change.
 */
export const isRetryable = (error: unknown) =>
  error instanceof DataError && (error.kind === 'network' || error.kind === 'unknown');

/** The sessions assigned to the signed-in judge, newest first (jury_sessions). */
export async function listJurySessions(): Promise<JurySessionSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_sessions');
  if (error) throw toDataError(error, AUDITIONS_LOAD_ERROR);
  return toJurySessionSummaries(data);
}

/** One session for its judge (jury_session): what the page keeps on the device. */
export async function getJurySession(sessionId: string): Promise<JurySession> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_session', { session_id: sessionId });
  if (error) throw toDataError(error, JURY_LOAD_ERROR);
  return toJurySession(data);
}

/**
 * Sends one card (jury_submit_scorecard). `stored` false: the server already holds this
 * revision or a later one (its card is returned). A locked session throws a DataError whose
 * reason is 'session_locked' (isSessionLocked) with the database's French message.
 */
export async function submitScorecard(draft: ScorecardDraft): Promise<SubmitResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_submit_scorecard', {
    session_id: draft.sessionId,
    participant_id: draft.participantId,
    card_id: draft.cardId,
    revision: draft.revision,
    absent: draft.absent,
    comment: draft.comment,
    scores: draft.absent ? {} : draft.scores,
  });
  if (error) throw toDataError(error, SCORE_SEND_ERROR);
  return { card: toScorecard(data?.card ?? null), stored: data?.stored === true };
}

/**
 * Locks the session (lead judge or admin). Without `force`, a session where some judge has not
 * scored every present performer is refused: reason 'scores_missing', the message names them.
 */
export async function lockSession(sessionId: string, force = false): Promise<AuditionSession> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_lock_session', {
    session_id: sessionId,
    force,
  });
  if (error) throw toDataError(error, LOCK_ERROR);
  return toAuditionSession(data);
}
