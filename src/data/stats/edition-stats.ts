import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

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

/** What edition_stats answers (supabase/schemas/08_answer_types_people_outbox.sql). */
export type EditionStatsAnswer = Database['public']['CompositeTypes']['edition_stats_answer'];

const byCategory = (r: { dance: number | null; singing: number | null }): CategoryCounts => ({
  dance: r.dance ?? 0,
  singing: r.singing ?? 0,
});

/** edition_stats' answer, renamed (missing parts become empty, never undefined). */
export function toEditionStats(d: EditionStatsAnswer | null): EditionStats {
  const np = d?.nightParty;
  return {
    pipeline: (d?.pipeline ?? []).map((r) => ({ status: r.status ?? '', ...byCategory(r) })),
    auditionCities: (d?.auditionCities ?? []).map((r) => ({ city: r.city, ...byCategory(r) })),
    nightParty: {
      capacity: np?.capacity ?? 0,
      limit: np?.limit ?? 0,
      reservations: np?.reservations ?? 0,
      confirmed: np?.confirmed ?? 0,
      waitlisted: np?.waitlisted ?? 0,
      cancelled: np?.cancelled ?? 0,
      entered: np?.entered ?? 0,
      enteredByHour: (np?.enteredByHour ?? []).map((h) => ({
        hour: h.hour ?? '',
        count: h.count ?? 0,
      })),
      rounds: (np?.rounds ?? []).map((r) => ({
        position: r.position ?? 0,
        title: r.title ?? '',
        state: r.state ?? '',
        voters: r.voters ?? 0,
        eligible: r.eligible ?? 0,
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
