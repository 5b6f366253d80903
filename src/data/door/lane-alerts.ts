import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';

/**
 * The lane alerts (docs/decisions/036-door-admits-what-it-scanned.md): a door account that sent
 * more scans than a lane does, or whose phone let someone in offline on a code that is no pass's
 * (docs/decisions/042-a-door-list-without-codes.md), one alert per account per ten minutes, with
 * how many scans the database refused and how many such entries. Admins read the account's
 * e-mail; readers the door only.
 */

const LIST_FAILED = 'Les alertes des portes n’ont pas pu être chargées.';

export type LaneAlert = {
  id: number;
  door: string;
  /** Admins: the door account's e-mail; readers: null. */
  account: string | null;
  firstAt: string;
  lastAt: string;
  refused: number;
  /** Entries let in offline on a code no pass has (it matched only the list's 24-bit check). */
  admittedUnknown: number;
};

function toLaneAlert(json: unknown): LaneAlert {
  const j = (json ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const door = str(j.door);
  const firstAt = str(j.first_at);
  const lastAt = str(j.last_at);
  const { id, refused, admitted_unknown: admittedUnknown } = j;
  if (
    typeof id !== 'number' ||
    typeof refused !== 'number' ||
    typeof admittedUnknown !== 'number' ||
    !door ||
    !firstAt ||
    !lastAt
  )
    throw new DataError('unknown', LIST_FAILED, { details: json });
  return { id, door, account: str(j.account), firstAt, lastAt, refused, admittedUnknown };
}

/** Every lane alert, newest first (admins and readers). */
export async function listLaneAlerts(): Promise<LaneAlert[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('door_lane_alerts_list');
  if (error) throw toDataError(error, LIST_FAILED);
  return (Array.isArray(data) ? data : []).map(toLaneAlert);
}
