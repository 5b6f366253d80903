import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

/**
 * The bin: "Supprimer" (src/data/participants/delete-participant.ts) moves a participant (and its
 * team) into it for 30 days, restorable, then the database purges it. Each call writes its
 * journal row (participant.restore, bin.purge) in the same transaction.
 */
export const BIN_DAYS = 30;

/** Puts a participant back from the bin into the lists. */
export async function restoreParticipant(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_restore_participant', { id });
  if (error) throw toDataError(error, 'Erreur lors de la restauration du participant');
}

/** Empties the bin now; returns how many participants were erased for good. */
export async function purgeBin(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_purge_bin');
  if (error) throw toDataError(error, 'Erreur lors du vidage de la corbeille');
  return Number(data ?? 0);
}

export type BinnedParticipant = {
  id: string;
  fullName: string;
  deletedAt: string;
  deletedByEmail: string | null;
  /** When the database erases it for good. */
  purgeAt: string;
};

/** One row of binned_participants (supabase/schemas/08_answer_types_people_outbox.sql). */
type BinnedRow = Database['public']['CompositeTypes']['participant_binned'];

const toBinnedParticipant = (r: BinnedRow): BinnedParticipant => ({
  id: r.id ?? '',
  fullName: r.full_name ?? '',
  deletedAt: r.deleted_at ?? '',
  deletedByEmail: r.deleted_by_email,
  purgeAt: r.purge_at ?? '',
});

/** The participants in the bin, most recently deleted first. */
export async function listBin(): Promise<BinnedParticipant[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('binned_participants');
  if (error) throw toDataError(error, 'Erreur lors du chargement de la corbeille');
  return (data ?? [])
    .map(toBinnedParticipant)
    .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}
