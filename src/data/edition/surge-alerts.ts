import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import { CheckedValues, type Database } from '../../../supabase/database.types';

/**
 * Surges of public writes (docs/decisions/016-trusted-address-and-proof-of-work.md): one alert
 * per surge, written by the database when an action's total rate (all addresses together) passes
 * its ceiling and the proof of work becomes harder; 'wrong_code': unknown pass codes past an
 * address's limit or past their ceiling (docs/decisions/039-one-answer-and-votes-that-cannot-be-
 * bought.md). Admins and readers read them.
 */
export type SurgeAction = (typeof CheckedValues.surge_alerts.action)[number];

export type SurgeAlert = {
  id: number;
  action: SurgeAction;
  /** The window the rate is counted over, in seconds (600: "en 10 minutes"). */
  windowSeconds: number;
  startedAt: string;
  lastSeenAt: string;
  /** The most accepted attempts seen in one window while it lasted. */
  peakHits: number;
  /** The highest difficulty level it reached (1 and up). */
  peakLevel: number;
};

type SurgeAlertRow = Database['public']['Tables']['surge_alerts']['Row'];

const ACTIONS: readonly string[] = CheckedValues.surge_alerts.action;

function toSurgeAlert(row: SurgeAlertRow): SurgeAlert {
  if (!ACTIONS.includes(row.action)) throw new Error(`Unknown surge action: ${row.action}`);
  return {
    id: row.id,
    action: row.action as SurgeAction,
    windowSeconds: row.window_seconds,
    startedAt: row.started_at,
    lastSeenAt: row.last_seen_at,
    peakHits: row.peak_hits,
    peakLevel: row.peak_level,
  };
}

/** How many alerts the dashboard shows, and how far back. */
const SURGE_ALERTS_SHOWN = 5;
const SURGE_ALERTS_DAYS = 7;

/** The latest surges of the last days, newest first. */
export async function listSurgeAlerts(now: Date = new Date()): Promise<SurgeAlert[]> {
  const supabase = await getSupabase();
  const since = new Date(now.getTime() - SURGE_ALERTS_DAYS * 24 * 3600 * 1000).toISOString();
  const { data, error } = await supabase
    .from('surge_alerts')
    .select('id, action, window_seconds, started_at, last_seen_at, peak_hits, peak_level')
    .gte('last_seen_at', since)
    .order('started_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(SURGE_ALERTS_SHOWN);
  if (error) throw toDataError(error, 'Erreur lors du chargement des alertes');
  return data.map(toSurgeAlert);
}
