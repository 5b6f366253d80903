import { getSupabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';

/**
 * Retention of personal data (issue 13): after the date organisers set
 * (edition_settings.personal_data_purge_at), admin_purge_personal_data() erases the personal data
 * of the edition (everything but the laureates' contact details) and writes the counts to the
 * journal. Before that date the database refuses, with a French message.
 */
export type PurgeCounts = Record<string, number>;

export async function purgePersonalData(): Promise<PurgeCounts> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_purge_personal_data');
  if (error) throw toDataError(error, 'Erreur lors de la purge des données personnelles');
  const counts = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v ?? 0)]));
}
