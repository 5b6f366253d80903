import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

/**
 * "Supprimer" moves a participant (and its team) into the bin (src/data/journal/bin.ts) for 30
 * days, restorable, then the database purges it. The journal row (participant.delete) is written
 * in the same transaction.
 */

const DELETE_ERROR = 'Erreur lors de la suppression du participant';

/** Moves a participant to the bin (hidden from every list, restorable for 30 days). */
export async function deleteParticipant(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_delete_participant', { id });
  if (!error) return;
  if (error.hint === 'not_found') throw new DataError('not_found', 'Participant non trouvé');
  throw toDataError(error, DELETE_ERROR);
}
