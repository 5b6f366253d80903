import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

/**
 * The double entries (docs/decisions/032-offline-door.md): a pass admitted offline at a second
 * door after its entry. Admins read the reservation's id and full name; readers the directory's
 * id and the first name and initial. Its query (./queries.ts) is under the reservations'
 * branch: any write there refreshes it.
 */

const LIST_FAILED = 'Les doubles entrées n’ont pas pu être chargées.';

export type DoubleEntry = {
  id: number;
  /** Admins: the reservation's id; readers: its id in the reservations directory. */
  reservationId: string;
  /** Admins: the full name; readers: 'Awa N.'. */
  fullName: string;
  maskedPhone: string | null;
  /** The entry's door (null: by hand from the administration) and time. */
  firstDoor: string | null;
  firstAt: string;
  /** The door that admitted the pass again, offline, and the time of that scan. */
  secondDoor: string;
  secondAt: string;
  recordedAt: string;
};

/** One row of door_double_entries_list (supabase/schemas/06_answer_types_door_vote.sql). */
function toDoubleEntry(a: Database['public']['CompositeTypes']['door_double_entry']): DoubleEntry {
  const { id, reservation_id: reservationId, first_at: firstAt } = a;
  const { second_door: secondDoor, second_at: secondAt } = a;
  if (id === null || !reservationId || !firstAt || !secondDoor || !secondAt)
    throw new DataError('unknown', LIST_FAILED, { details: a });
  return {
    id,
    reservationId,
    fullName: a.full_name ?? '',
    maskedPhone: a.masked_phone,
    firstDoor: a.first_door,
    firstAt,
    secondDoor,
    secondAt,
    recordedAt: a.recorded_at ?? secondAt,
  };
}

/** Every double entry, newest first (admins and readers). */
export async function listDoubleEntries(): Promise<DoubleEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('door_double_entries_list');
  if (error) throw toDataError(error, LIST_FAILED);
  return (data ?? []).map(toDoubleEntry);
}
