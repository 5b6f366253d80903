import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The doors an admin declares in the settings, which door staff choose from at sign-in
 * (docs/decisions/043-the-door-fits-the-hand.md). The database keeps the rule (a door's name,
 * 1 to 20 of them, none twice) and journals each change.
 */

export const DOOR_NAMES_LOAD_ERROR = 'Impossible de charger la liste des portes.';
export const DOOR_NAMES_SAVE_ERROR = 'Erreur lors de l’enregistrement des portes';

/** The declared doors, in the settings' order ([] while none is declared). */
export async function getDoorNames(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('door_names');
  if (error) throw toDataError(error, DOOR_NAMES_LOAD_ERROR);
  return data ?? [];
}

/** Replaces the declared doors; answers the list as stored (names cleaned). */
export async function saveDoorNames(names: string[]): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_save_door_names', { names });
  // The database's refusal of the list says which name and why, in French: shown as it is.
  if (error?.hint === 'invalid_field' && error.details === 'door_names')
    throw new DataError('invalid', error.message, { code: error.code, reason: 'invalid_field' });
  if (error) throw toDataError(error, DOOR_NAMES_SAVE_ERROR);
  return data ?? [];
}
