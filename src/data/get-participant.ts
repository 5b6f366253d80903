import { isUuid } from '@/lib/uuid';
import { getSupabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { toParticipant } from './mappers';
import type { Participant } from './types';

/** One participant with its team members, or null when no participant has this id. */
export async function getParticipant(id: string): Promise<Participant | null> {
  // Not a UUID: no such participant (and no 22P02 error from Postgres).
  if (!isUuid(id)) return null;
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('participants')
    .select('*, team_members(*)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw toDataError(error, 'Erreur lors du chargement des données');
  return data ? toParticipant(data) : null;
}
