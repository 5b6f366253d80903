import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { ParticipantStatus } from './types';

/**
 * The contest pipeline (issue 13): status, audition slot, notes and convocations of the
 * participants, each a database function (one call, one transaction, one journal row per
 * participant changed). A value the database refuses answers hint 'invalid_field', the field in
 * `details` and a French message.
 */

/** A refused value: its French message belongs beside that field. */
export class PipelineFieldError extends DataError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('invalid', message, { code: '22023', reason: 'invalid_field' });
    this.field = field;
  }
}

type RpcError = { hint?: string | null; details?: string | null; message: string };

function refusal(error: RpcError, fallback: string): DataError {
  if (error.hint === 'invalid_field')
    return new PipelineFieldError(error.details ?? '', error.message);
  return toDataError(error, fallback);
}

/** Gives `status` to every participant of `ids`; returns how many changed. */
export async function setParticipantsStatus(
  ids: readonly string[],
  status: ParticipantStatus,
): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_set_status', { ids: [...ids], status });
  if (error) throw refusal(error, 'Erreur lors du changement de statut');
  return Number(data ?? 0);
}

/** Convokes every participant of `ids` to an audition in `city` at `at` (ISO with its zone). */
export async function assignAuditionSlot(
  ids: readonly string[],
  city: string,
  at: string,
): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_assign_slot', { ids: [...ids], city, at });
  if (error) throw refusal(error, 'Erreur lors de l’attribution du créneau');
  return Number(data ?? 0);
}

/** Replaces a participant's internal notes ('' clears them). */
export async function setParticipantNotes(id: string, notes: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_set_notes', { id, notes: notes.trim() });
  if (error) throw refusal(error, 'Erreur lors de l’enregistrement des notes');
}

export type NotifyChannel = 'whatsapp' | 'email';

/** Records that the convocation was sent to `ids` ("notifié le …"); returns how many. */
export async function markNotified(
  ids: readonly string[],
  channel: NotifyChannel,
): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_mark_notified', { ids: [...ids], channel });
  if (error) throw refusal(error, 'Erreur lors de l’enregistrement de la notification');
  return Number(data ?? 0);
}

export type StatusChange = {
  from: ParticipantStatus | null;
  to: ParticipantStatus;
  at: string;
  actorEmail: string | null;
};

/** A participant's status changes, oldest first. */
export async function getStatusHistory(participantId: string): Promise<StatusChange[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('participant_status_history')
    .select('from_status, to_status, at, actor_email')
    .eq('participant_id', participantId)
    .order('at', { ascending: true });
  if (error) throw toDataError(error, 'Erreur lors du chargement de l’historique');
  return (data ?? []).map((r) => ({
    from: (r.from_status ?? null) as ParticipantStatus | null,
    to: r.to_status as ParticipantStatus,
    at: r.at,
    actorEmail: r.actor_email ?? null,
  }));
}
