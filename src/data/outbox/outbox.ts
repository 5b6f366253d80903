import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { spendConfirmation } from '@/data/shared/spend';
import type { Database } from '../../../supabase/database.types';
import {
  toMessageSettings,
  toMessageSettingsPayload,
  toOutboxMessage,
  toOutboxBudgets,
  toOutboxPage,
  toReminderPreview,
} from './mappers';
import type {
  BatchQueued,
  ConvocationsQueued,
  MessageSettings,
  OutboxBudgets,
  OutboxFilters,
  OutboxMessage,
  OutboxPage,
  PhoneChannel,
  ReminderPreview,
} from './types';

/**
 * The administration's side of the outbox (docs/decisions/033-messages-outbox.md), each a
 * database function for admins only: the "Envois" list, resending a failed message, the
 * reminder (preview, then send), the convocations and the messages' settings. A value the
 * database refuses answers hint 'invalid_field', the field in `details` and a French message.
 */

/** A refused value: its French message belongs beside that field. */
export class MessageFieldError extends DataError {
  readonly field: string;
  constructor(field: string, message: string) {
    super('invalid', message, { code: '22023', reason: 'invalid_field' });
    this.field = field;
  }
}

type RpcError = { hint?: string | null; details?: string | null; message: string; code?: string };

function refusal(error: RpcError, fallback: string): DataError {
  const ask = spendConfirmation(error);
  if (ask) return ask;
  if (error.hint === 'invalid_field')
    return new MessageFieldError(error.details ?? '', error.message);
  return toDataError(error, fallback);
}

type Functions = Database['public']['Functions'];

/**
 * An answer of private.refusal (HTTP 404/409 with a French message) arrives as an error. The
 * answer is typed as supabase/database.types.ts declares it (docs/decisions/054-typed-answers.md);
 * the arguments are sent as given (null for "any", as the functions' defaults).
 */
async function call<F extends keyof Functions>(
  fn: F,
  args: Record<string, unknown>,
  fallback: string,
): Promise<Functions[F]['Returns'] | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(fn as never, args as never);
  if (error) throw refusal(error, fallback);
  return data as Functions[F]['Returns'] | null;
}

const LOAD_ERROR = 'Erreur lors du chargement des envois';

/** One page (from 1) of the outbox, newest first, with the total and every count. */
export async function listOutbox(
  filters: OutboxFilters,
  page: number,
  pageSize = 50,
): Promise<OutboxPage> {
  const data = await call(
    'outbox_list',
    {
      state: filters.state || null,
      channel: filters.channel || null,
      template: filters.template || null,
      page,
      page_size: pageSize,
    },
    LOAD_ERROR,
  );
  return toOutboxPage(data);
}

/** Today's budgets (Douala day): each one's size, what it handed out, what waits for it. */
export async function outboxBudgets(): Promise<OutboxBudgets> {
  return toOutboxBudgets(await call('outbox_budgets', {}, LOAD_ERROR));
}

/** A failed message queued again (attempts counted afresh); journaled. */
export async function resendOutboxMessage(id: string): Promise<OutboxMessage> {
  return toOutboxMessage(await call('admin_outbox_resend', { id }, 'Erreur lors du renvoi'));
}

/** The reminder's recipients, text, SMS parts and estimated cost, before sending it. */
export async function reminderPreview(channel: PhoneChannel): Promise<ReminderPreview> {
  return toReminderPreview(
    await call('admin_reminder_preview', { channel }, 'Erreur lors de la préparation du rappel'),
  );
}

function toBatch(a: { queued: number | null; batch_id: string | null } | null): BatchQueued {
  return { queued: a?.queued ?? 0, batchId: a?.batch_id ?? '' };
}

/**
 * Queues the reminder for every confirmed pass that does not have it yet; journaled. More than a
 * handful need `confirm` = their count, as the preview showed it (else SpendConfirmationError).
 */
export async function sendReminder(channel: PhoneChannel, confirm?: number): Promise<BatchQueued> {
  return toBatch(
    await call(
      'admin_send_reminder',
      { channel, confirm_messages: confirm ?? null },
      'Erreur lors de l’envoi du rappel',
    ),
  );
}

/**
 * Queues the convocation of each participant of `ids` that has an audition slot (once per
 * participant and slot); they are marked notified only when the provider accepted it.
 */
export async function sendConvocations(
  ids: readonly string[],
  channel: PhoneChannel,
  confirm?: number,
): Promise<ConvocationsQueued> {
  const data = await call(
    'admin_send_convocations',
    { ids: [...ids], channel, confirm_messages: confirm ?? null },
    'Erreur lors de l’envoi des convocations',
  );
  return { ...toBatch(data), skipped: data?.skipped ?? 0 };
}

export async function getMessageSettings(): Promise<MessageSettings> {
  return toMessageSettings(
    await call('message_settings', {}, 'Erreur lors du chargement des paramètres des envois'),
  );
}

/**
 * Saves the keys given; returns the settings as stored. A change that makes more than a handful
 * of messages due needs `confirm` = their count (else SpendConfirmationError).
 */
export async function updateMessageSettings(
  patch: Partial<Omit<MessageSettings, 'updatedAt'>>,
  confirm?: number,
): Promise<MessageSettings> {
  const payload = toMessageSettingsPayload(patch);
  if (confirm !== undefined) payload.confirm_messages = confirm;
  return toMessageSettings(
    await call(
      'admin_update_message_settings',
      { payload },
      'Erreur lors de l’enregistrement des paramètres des envois',
    ),
  );
}
