import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';

/**
 * edition_stats(): the edition beyond the registrations, for admins and readers: the contest's
 * pipeline by category, the audition cities, the Night Party (reservations, entries per hour, the
 * public vote's participation). Counts computed by the database, nothing personal
 * (docs/decisions/044-stage-screen-from-the-back.md).
 */

export type CategoryCounts = { dance: number; singing: number };

export type EditionStats = {
  /** In the pipeline's order, every status (zeros included). */
  pipeline: ({ status: string } & CategoryCounts)[];
  /** Each audition city, then `city: null` for those not given one. */
  auditionCities: ({ city: string | null } & CategoryCounts)[];
  nightParty: {
    capacity: number;
    limit: number;
    reservations: number;
    confirmed: number;
    waitlisted: number;
    cancelled: number;
    entered: number;
    /** Douala time, 'YYYY-MM-DD HH:00', every hour from the first entry to the last. */
    enteredByHour: { hour: string; count: number }[];
    /** Every round opened, in order: its voters among the passes that could vote. */
    rounds: { position: number; title: string; state: string; voters: number; eligible: number }[];
  };
};

export const int = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0;
export const text = (v: unknown) => (typeof v === 'string' ? v : '');
export const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
export const counts = (r: Record<string, unknown>): CategoryCounts => ({
  dance: int(r.dance),
  singing: int(r.singing),
});

/** The database's answer as the page reads it (missing parts become empty, never undefined). */
export function toEditionStats(data: unknown): EditionStats {
  const d = (data ?? {}) as Record<string, unknown>;
  const np = (d.nightParty ?? {}) as Record<string, unknown>;
  return {
    pipeline: list(d.pipeline).map((r) => ({ status: text(r.status), ...counts(r) })),
    auditionCities: list(d.auditionCities).map((r) => ({
      city: typeof r.city === 'string' ? r.city : null,
      ...counts(r),
    })),
    nightParty: {
      capacity: int(np.capacity),
      limit: int(np.limit),
      reservations: int(np.reservations),
      confirmed: int(np.confirmed),
      waitlisted: int(np.waitlisted),
      cancelled: int(np.cancelled),
      entered: int(np.entered),
      enteredByHour: list(np.enteredByHour).map((h) => ({
        hour: text(h.hour),
        count: int(h.count),
      })),
      rounds: list(np.rounds).map((r) => ({
        position: int(r.position),
        title: text(r.title),
        state: text(r.state),
        voters: int(r.voters),
        eligible: int(r.eligible),
      })),
    },
  };
}

export async function getEditionStats(): Promise<EditionStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('edition_stats');
  if (error) throw toDataError(error, 'Erreur lors du chargement des statistiques');
  return toEditionStats(data);
}
