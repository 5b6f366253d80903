import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { toDoorAnswer, type DoorAnswer } from './check-in';

/**
 * Entries recorded from the administration's reservations list: a check-in by hand (no door)
 * and the undoing of an entry recorded by mistake (docs/decisions/009-night-party-operations.md).
 */

/** What the door sees of a check-in, as the door screen shows it (./check-in.ts). */
export type CheckInResult = DoorAnswer;

/**
 * Undoes an entry recorded by mistake (a pass scanned early, the wrong person): the pass may
 * enter again. `reason` (3 to 300 characters) is required and goes into the journal. A refused
 * reason throws DataError 'invalid' with the database's French message (reason 'invalid_field').
 */
export async function undoCheckIn(id: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_undo_check_in', { id, reason });
  if (error?.hint === 'invalid_field')
    throw new DataError('invalid', error.message, { code: error.code, reason: 'invalid_field' });
  if (error) throw toDataError(error, 'Erreur lors de l’annulation de l’entrée');
}

/** The journal's reason for an undone entry: the database's rule, in the dialog's words. */
export const UNDO_REASON_INVALID = 'Indiquez pourquoi l’entrée est annulée (3 à 300 caractères).';
export const UNDO_REASON_MAX = 300;

/** Checks a reservation in by hand (checked_in_by_hand, no door); twice answers `already`. */
export async function checkInReservation(id: string): Promise<CheckInResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_check_in', { id });
  if (error) throw toDataError(error, 'Erreur lors de la validation de l’entrée');
  return toDoorAnswer(data);
}
