import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

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

/** One row of door_lane_alerts_list (supabase/schemas/06_answer_types_door_vote.sql). */
function toLaneAlert(a: Database['public']['CompositeTypes']['door_lane_alert']): LaneAlert {
  const { id, door, first_at: firstAt, last_at: lastAt } = a;
  if (id === null || !door || !firstAt || !lastAt)
    throw new DataError('unknown', LIST_FAILED, { details: a });
  return {
    id,
    door,
    account: a.account,
    firstAt,
    lastAt,
    refused: a.refused ?? 0,
    admittedUnknown: a.admitted_unknown ?? 0,
  };
}

/** Every lane alert, newest first (admins and readers). */
export async function listLaneAlerts(): Promise<LaneAlert[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('door_lane_alerts_list');
  if (error) throw toDataError(error, LIST_FAILED);
  return (data ?? []).map(toLaneAlert);
}
