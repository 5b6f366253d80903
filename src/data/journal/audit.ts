import { getSupabase, type Supabase } from '@/data/shared/supabase';
import { CheckedValues, type Json } from '../../../supabase/database.types';
import { ilikeAny, pageOf, type Page } from '@/data/shared/query-helpers';
import { doualaInstant } from '@/lib/dates';

/**
 * The journal (public.audit_log): one row per admin write, written by the database itself (who,
 * when, a French summary, before and after). Read by admins only; exports are the one write the
 * database cannot see, so the client reports each download through log_export, which takes only
 * the site's exports (EXPORTS) and writes its own summary
 * (docs/decisions/018-scheduled-purge-and-journal.md).
 */
export const AUDIT_ACTIONS = CheckedValues.audit_log.action;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  /** A French sentence ("Statut de Awa Ngono : Inscrit → Convoqué"). */
  summary: string;
  before: unknown;
  after: unknown;
};

/** `from` and `to` are days (yyyy-mm-dd) in Douala, both included. */
export type AuditFilters = {
  search?: string;
  action?: AuditAction | '';
  from?: string;
  to?: string;
};

type AuditRow = {
  id: string | number;
  at: string;
  actor_email: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  summary: string | null;
  before: unknown;
  after: unknown;
};

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.at,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id === null ? null : String(row.entity_id),
    summary: row.summary ?? '',
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const LOAD_ERROR = 'Erreur lors du chargement du journal';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a Douala day starts (UTC+1 all year), as ISO; null for anything but yyyy-mm-dd. */
function doualaDayStart(day: string, plusDays = 0): string | null {
  if (!DAY.test(day)) return null;
  const start = new Date(doualaInstant(day, '00:00:00'));
  if (Number.isNaN(start.getTime())) return null;
  return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
}

function filteredQuery(supabase: Supabase, filters: AuditFilters) {
  let q = supabase
    .from('audit_log')
    .select('*', { count: 'exact' })
    .order('at', { ascending: false })
    .order('id', { ascending: false });
  const or = ilikeAny(['summary', 'actor_email'], filters.search ?? '');
  if (or) q = q.or(or);
  if (filters.action) q = q.eq('action', filters.action);
  const from = doualaDayStart(filters.from ?? '');
  const until = doualaDayStart(filters.to ?? '', 1);
  if (from) q = q.gte('at', from);
  if (until) q = q.lt('at', until);
  return q;
}

/** One page (0-based) of the journal, newest first, with the total. */
export async function listAuditLog(
  filters: AuditFilters,
  page: number,
  pageSize = 10,
): Promise<Page<AuditEntry>> {
  const query = filteredQuery(await getSupabase(), filters);
  return pageOf(query, page, pageSize, (r) => toAuditEntry(r as AuditRow), LOAD_ERROR);
}

/**
 * The exports the site makes, as log_export knows them (private.export_label in
 * supabase/migrations/20251126120000_scheduled_purge_and_journal.sql): any other name is refused.
 */
export const EXPORTS = [
  'participants',
  'participants.xlsx',
  'participant_json',
  'reservations',
  'reservations.xlsx',
  'messages',
  'presence_night_party',
  'distribution_regionale',
  'vote_results',
  'vote_results.xlsx',
  'audition_scores.xlsx',
  'sponsor_report.xlsx',
] as const;
export type ExportName = (typeof EXPORTS)[number];

/** A list's filters as the page holds them (log_export checks each key and value). */
export type ExportFilters = Readonly<Record<string, string | null | undefined>>;

/**
 * Records a download in the journal (log_export): which of the site's exports, with which
 * filters, and how many rows; the database writes the sentence. Called after the file is handed
 * to the browser; a failure to record it is reported (console.warn) and returned as false, never
 * thrown: the file has already been saved.
 */
export async function logExport(
  what: ExportName,
  filters: ExportFilters,
  rowCount: number,
): Promise<boolean> {
  try {
    const supabase = await getSupabase();
    // Only the filters in use; JSON has no undefined.
    const cleanFilters: Json = Object.fromEntries(
      Object.entries(filters).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
    const { error } = await supabase.rpc('log_export', {
      what,
      filters: cleanFilters,
      row_count: rowCount,
    });
    if (error) throw error;
    return true;
  } catch (error) {
    console.warn("L'export n'a pas pu être inscrit au journal :", error);
    return false;
  }
}
