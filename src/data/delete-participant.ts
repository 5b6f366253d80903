import { getSupabase } from '@/lib/supabase';
import { DataError, toDataError } from '@/lib/errors';

const DELETE_ERROR = 'Erreur lors de la suppression du participant';

/** Deletes a participant; its team members go with it (on delete cascade). */
export async function deleteParticipant(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('participants').delete().eq('id', id).select('id');
  if (error) throw toDataError(error, DELETE_ERROR);
  // RLS hides rows instead of refusing: nothing deleted means not found or not allowed.
  if (!data?.length) throw new DataError('not_found', DELETE_ERROR);
}
