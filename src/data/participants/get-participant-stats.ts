import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { toStats } from './mappers';
import type { Stats } from './types';

/** Every figure of the dashboard and the stats page, computed in SQL over all participants. */
export async function getParticipantStats(): Promise<Stats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('participant_stats');
  if (error) throw toDataError(error, 'Erreur lors du chargement des statistiques');
  return toStats(data);
}
