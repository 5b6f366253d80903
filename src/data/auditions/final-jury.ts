import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

/**
 * The judge's side of a final (docs/decisions/047-the-final.md): a conflict of interest declared
 * before scoring (jury_declare_conflict), and one locked card unlocked by the lead judge or an
 * admin with a reason (jury_unlock_card). Both need the network: the database decides, journals
 * and refuses (already scored, session locked, reason too short) with its French words.
 */

export const CONFLICT_ERROR = 'Le conflit d’intérêts n’a pas pu être déclaré. Veuillez réessayer.';
export const UNLOCK_ERROR = 'La fiche n’a pas pu être déverrouillée. Veuillez réessayer.';

/** A final's card as its lead and admins see it (jury_session.cards_to_unlock): no marks. */
export type CardToUnlock = {
  cardId: string;
  judge: string;
  participantId: string;
  /** When the card locked (or locks): 5 minutes after it was first stored. */
  locksAt: string;
};

export type FinalJuryFields = {
  kind: 'audition' | 'final';
  /** The performers this judge declared a conflict with (recused: no card). */
  myConflicts: string[];
  /** Lead judge and admins of a final only (null otherwise). */
  cardsToUnlock: CardToUnlock[] | null;
};

/** jury_session's final fields (supabase/schemas/07_answer_types_auditions_final.sql). */
export function toFinalJuryFields(
  s: Database['public']['CompositeTypes']['jury_session_answer'] | null,
): FinalJuryFields {
  return {
    kind: s?.kind === 'final' ? 'final' : 'audition',
    myConflicts: s?.my_conflicts ?? [],
    cardsToUnlock:
      s?.cards_to_unlock?.map((c) => ({
        cardId: c.card_id ?? '',
        judge: c.judge ?? '',
        participantId: c.participant_id ?? '',
        locksAt: c.locks_at ?? '',
      })) ?? null,
  };
}

export async function declareConflict(
  sessionId: string,
  participantId: string,
  reason: string,
): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('jury_declare_conflict', {
    session_id: sessionId,
    participant_id: participantId,
    reason,
  });
  if (error) throw toDataError(error, CONFLICT_ERROR);
}

/** Unlocks one card for 5 more minutes; returns the new lock time. */
export async function unlockCard(cardId: string, reason: string): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('jury_unlock_card', { card_id: cardId, reason });
  if (error) throw toDataError(error, UNLOCK_ERROR);
  return data?.locks_at ?? '';
}
