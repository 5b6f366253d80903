import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';
import {
  counts,
  int,
  list,
  text,
  toEditionStats,
  type CategoryCounts,
  type EditionStatsAnswer,
  type EditionStats,
} from './edition-stats';

/**
 * sponsor_report() (admins and readers): the statistics page's own figures (participant_stats,
 * edition_stats) and what the sponsor's workbook adds: registrations per city and category, the
 * sessions held with their judges, the entries per door, the messages per channel with their
 * cost (docs/decisions/053-sponsor-report-xlsx.md).
 */
export type SponsorReport = {
  generatedAt: string;
  editionYear: number;
  /** participant_stats() as it is: read by the participants' domain (toStats). */
  participants: StatsAnswer | null;
  edition: EditionStats;
  /** Most registrations first; the city the registration form asks ("Ville"). */
  registrationsByCity: ({ city: string } & CategoryCounts)[];
  /** Every session with at least one card, by day then city. */
  sessions: {
    kind: 'audition' | 'final';
    city: string;
    heldOn: string;
    category: 'dance' | 'singing' | 'both';
    state: string;
    judges: number;
    performers: number;
    cards: number;
  }[];
  /** Distinct judges of those sessions. */
  judges: number;
  /** door null: checked in by hand from the admin list. */
  enteredByDoor: { door: string | null; count: number }[];
  /** sms, whatsapp, email; segments and cost for SMS only (FCFA). */
  messages: {
    channel: 'sms' | 'whatsapp' | 'email';
    sent: number;
    failed: number;
    segments: number | null;
    cost: number | null;
  }[];
  smsPricePerSegment: number;
};

/** participant_stats' answer (supabase/schemas/08_answer_types_people_outbox.sql). */
type StatsAnswer = Database['public']['CompositeTypes']['participant_stats_answer'];

const orNull = (v: unknown) => (v === null || v === undefined ? null : int(v));

export function toSponsorReport(data: unknown): SponsorReport {
  const d = (data ?? {}) as Record<string, unknown>;
  return {
    generatedAt: text(d.generatedAt),
    editionYear: int(d.editionYear),
    // sponsor_report embeds public.participant_stats() and public.edition_stats() as they
    // answer: their declared types (supabase/schemas/08_answer_types_people_outbox.sql).
    participants: d.participants as StatsAnswer | null,
    edition: toEditionStats(d.edition as EditionStatsAnswer | null),
    registrationsByCity: list(d.registrationsByCity).map((r) => ({
      city: text(r.city),
      ...counts(r),
    })),
    sessions: list(d.sessions).map((s) => ({
      kind: s.kind === 'final' ? 'final' : 'audition',
      city: text(s.city),
      heldOn: text(s.heldOn),
      category: s.category === 'dance' || s.category === 'singing' ? s.category : 'both',
      state: text(s.state),
      judges: int(s.judges),
      performers: int(s.performers),
      cards: int(s.cards),
    })),
    judges: int(d.judges),
    enteredByDoor: list(d.enteredByDoor).map((r) => ({
      door: typeof r.door === 'string' ? r.door : null,
      count: int(r.count),
    })),
    messages: list(d.messages).map((m) => ({
      channel: m.channel === 'whatsapp' || m.channel === 'email' ? m.channel : 'sms',
      sent: int(m.sent),
      failed: int(m.failed),
      segments: orNull(m.segments),
      cost: orNull(m.cost),
    })),
    smsPricePerSegment: int(d.smsPricePerSegment),
  };
}

export async function getSponsorReport(): Promise<SponsorReport> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('sponsor_report');
  if (error) throw toDataError(error, 'Erreur lors du chargement du rapport');
  return toSponsorReport(data);
}
