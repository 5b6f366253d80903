import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

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

function toDoubleEntry(json: unknown): DoubleEntry {
  const j = (json ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const reservationId = str(j.reservation_id);
  const firstAt = str(j.first_at);
  const secondDoor = str(j.second_door);
  const secondAt = str(j.second_at);
  if (typeof j.id !== 'number' || !reservationId || !firstAt || !secondDoor || !secondAt)
    throw new DataError('unknown', LIST_FAILED, { details: json });
  return {
    id: j.id,
    reservationId,
    fullName: str(j.full_name) ?? '',
    maskedPhone: str(j.masked_phone),
    firstDoor: str(j.first_door),
    firstAt,
    secondDoor,
    secondAt,
    recordedAt: str(j.recorded_at) ?? secondAt,
  };
}

/** Every double entry, newest first (admins and readers). */
export async function listDoubleEntries(): Promise<DoubleEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('door_double_entries_list');
  if (error) throw toDataError(error, LIST_FAILED);
  return (Array.isArray(data) ? data : []).map(toDoubleEntry);
}
