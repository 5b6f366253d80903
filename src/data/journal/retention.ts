import { getSupabase } from '@/data/shared/supabase';
import { toDataError } from '@/lib/errors';
import type { Database } from '../../../supabase/database.types';

/**
 * Retention of personal data (docs/decisions/018-scheduled-purge-and-journal.md): the purge
 * erases the edition's personal data (everything but the laureates' registrations), never at
 * once. An admin schedules it (admin_request_purge); it runs no sooner than 7 days later and not
 * before the purge date set in the settings, by the database's scheduler (pg_cron) or by an
 * admin's "Purger maintenant" (admin_purge_personal_data) once due. Until then every admin sees
 * it on every admin page (scheduled_purge) and any admin may cancel it (admin_cancel_purge).
 * The database refuses, in French, what comes too early.
 */
export type PurgeCounts = Record<string, number>;

/** The purge waiting to run. */
export type ScheduledPurge = {
  requestedAt: string;
  requestedByEmail: string | null;
  /** From when it runs (ISO): 7 days after the request, not before the purge date. */
  runsAt: string;
  /** Its time has come: it runs at the scheduler's next pass, or by "Purger maintenant". */
  due: boolean;
};

/** scheduled_purge's answer (supabase/schemas/08_answer_types_people_outbox.sql). */
type ScheduledPurgeRow = Database['public']['CompositeTypes']['purge_scheduled'];

/** None scheduled: every field null (a null composite, as PostgREST answers it). */
function toScheduledPurge(row: ScheduledPurgeRow | null): ScheduledPurge | null {
  if (row?.id == null) return null;
  return {
    requestedAt: row.requested_at ?? '',
    requestedByEmail: row.requested_by_email,
    runsAt: row.runs_at ?? '',
    due: row.due === true,
  };
}

/** The scheduled purge, or null when none (admins and readers). */
export async function getScheduledPurge(): Promise<ScheduledPurge | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('scheduled_purge');
  if (error) throw toDataError(error, 'Erreur lors du chargement de la purge programmée');
  return toScheduledPurge(data);
}

/** Schedules the purge (admins); returns it, with the moment it will run. */
export async function requestPurge(): Promise<ScheduledPurge> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_request_purge');
  if (error) throw toDataError(error, 'Erreur lors de la programmation de la purge');
  const scheduled = toScheduledPurge(data);
  if (!scheduled) throw toDataError(null, 'Erreur lors de la programmation de la purge');
  return scheduled;
}

/** Cancels the scheduled purge (any admin). */
export async function cancelPurge(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_cancel_purge');
  if (error) throw toDataError(error, 'Erreur lors de l’annulation de la purge');
}

/** "Purger maintenant": runs the scheduled purge once it is due; returns the counts. */
export async function purgePersonalData(): Promise<PurgeCounts> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_purge_personal_data');
  if (error) throw toDataError(error, 'Erreur lors de la purge des données personnelles');
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, v ?? 0]));
}
