import { isUuid } from '@/lib/uuid';
import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { fromDirectory } from './list-participants';
import { readsDirectory } from '@/data/shared/staff-role';
import { toParticipant } from './mappers';
import type { Participant } from './types';

const LOAD_ERROR = 'Erreur lors du chargement des données';

/**
 * One participant with its team members and its place in the contest, or null when no live
 * participant has this id (unknown, or in the bin). A reader (`lecteur`) gets it from
 * participant_directory, contact details masked.
 */
export async function getParticipant(id: string): Promise<Participant | null> {
  // Not a UUID: no such participant (and no 22P02 error from Postgres).
  if (!isUuid(id)) return null;
  const supabase = await getSupabase();
  if (await readsDirectory()) {
    const { data, error } = await supabase
      .from('participant_directory')
      .select('*')
      .eq('id', id)
      .maybeSingle();
    if (error) throw toDataError(error, LOAD_ERROR);
    return data ? toParticipant(fromDirectory(data)) : null;
  }
  const { data, error } = await supabase
    .from('participants')
    .select('*, team_members(*)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw toDataError(error, LOAD_ERROR);
  return data ? toParticipant(data) : null;
}
