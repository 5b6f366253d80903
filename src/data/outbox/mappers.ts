import type { Database } from '../../../supabase/database.types';
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATES,
  OUTBOX_TEMPLATES,
  PHONE_CHANNELS,
  type MessageSettings,
  type OutboxBudget,
  type OutboxBudgets,
  type OutboxCount,
  type OutboxMessage,
  type OutboxPage,
  type ReminderPreview,
} from './types';

/** What the outbox's functions answer (supabase/schemas/08_answer_types_people_outbox.sql). */
type Answer<T extends keyof Database['public']['CompositeTypes']> =
  Database['public']['CompositeTypes'][T];

/** The value if the database's list has it, else that list's first (an answer never has another). */
const oneOf = <T extends string>(values: readonly T[], v: string | null | undefined): T =>
  values.find((x) => x === v) ?? values[0];

const ENCODINGS = ['GSM-7', 'UCS-2'] as const;
const POOLS: readonly OutboxBudget['pool'][] = ['reserve', 'recovery', 'public'];

/**
 * One row of outbox_list -> OutboxMessage; also admin_outbox_resend's answer (outbox_resent),
 * which has no segments, next attempt nor batch.
 */
export function toOutboxMessage(a: Partial<Answer<'outbox_list_row'>> | null): OutboxMessage {
  return {
    id: a?.id ?? '',
    channel: oneOf(OUTBOX_CHANNELS, a?.channel),
    recipient: a?.recipient ?? '',
    template: oneOf(OUTBOX_TEMPLATES, a?.template),
    state: oneOf(OUTBOX_STATES, a?.state),
    attempts: a?.attempts ?? 0,
    lastError: a?.last_error ?? null,
    provider: a?.provider ?? null,
    createdAt: a?.created_at ?? '',
    sentAt: a?.sent_at ?? null,
    body: a?.body ?? '',
    segments: a?.segments ?? null,
    nextAttemptAt: a?.next_attempt_at ?? '',
    batchId: a?.batch_id ?? null,
  };
}

export function toOutboxPage(a: Answer<'outbox_page'> | null): OutboxPage {
  return {
    rows: (a?.rows ?? []).map((row) => toOutboxMessage(row)),
    total: a?.total ?? 0,
    counts: (a?.counts ?? []).map((c): OutboxCount => ({
      state: oneOf(OUTBOX_STATES, c.state),
      channel: oneOf(OUTBOX_CHANNELS, c.channel),
      template: oneOf(OUTBOX_TEMPLATES, c.template),
      count: c.count ?? 0,
    })),
  };
}

export function toReminderPreview(a: Answer<'outbox_reminder_preview'> | null): ReminderPreview {
  return {
    recipients: a?.recipients ?? 0,
    alreadyQueued: a?.already_queued ?? 0,
    body: a?.body ?? '',
    segments: a?.segments ?? null,
    encoding: ENCODINGS.find((e) => e === a?.encoding) ?? null,
    pricePerSegment: a?.price_per_segment ?? null,
    estimatedCost: a?.estimated_cost ?? null,
  };
}

export function toMessageSettings(a: Answer<'outbox_message_settings'> | null): MessageSettings {
  return {
    siteUrl: a?.site_url ?? '',
    reminderDaysBefore: a?.reminder_days_before ?? null,
    reminderChannel: oneOf(PHONE_CHANNELS, a?.reminder_channel),
    smsPricePerSegment: a?.sms_price_per_segment ?? 0,
    dailyCap: a?.daily_cap ?? 0,
    publicDailyCap: a?.public_daily_cap ?? 0,
    recoveryDailyCap: a?.recovery_daily_cap ?? 0,
    recoveryPerPhoneDay: a?.recovery_per_phone_day ?? 0,
    recoveryPerPhoneHour: a?.recovery_per_phone_hour ?? 0,
    updatedAt: a?.updated_at ?? '',
  };
}

/** outbox_budgets -> OutboxBudgets. */
export function toOutboxBudgets(a: Answer<'outbox_budgets_answer'> | null): OutboxBudgets {
  return {
    day: a?.day ?? '',
    dailyCap: a?.daily_cap ?? 0,
    budgets: (a?.budgets ?? []).map((b): OutboxBudget => ({
      pool: oneOf(POOLS, b.pool),
      size: b.size ?? 0,
      used: b.used ?? 0,
      queued: b.queued ?? 0,
    })),
    refusedRecoveries: a?.refused_recoveries ?? 0,
  };
}

/** A settings patch (camelCase, only the keys given) -> admin_update_message_settings' payload. */
export function toMessageSettingsPayload(patch: Partial<Omit<MessageSettings, 'updatedAt'>>) {
  const payload: Record<string, unknown> = {};
  if (patch.siteUrl !== undefined) payload.site_url = patch.siteUrl;
  if (patch.reminderDaysBefore !== undefined)
    payload.reminder_days_before = patch.reminderDaysBefore;
  if (patch.reminderChannel !== undefined) payload.reminder_channel = patch.reminderChannel;
  if (patch.smsPricePerSegment !== undefined)
    payload.sms_price_per_segment = patch.smsPricePerSegment;
  if (patch.dailyCap !== undefined) payload.daily_cap = patch.dailyCap;
  if (patch.publicDailyCap !== undefined) payload.public_daily_cap = patch.publicDailyCap;
  if (patch.recoveryDailyCap !== undefined) payload.recovery_daily_cap = patch.recoveryDailyCap;
  if (patch.recoveryPerPhoneDay !== undefined)
    payload.recovery_per_phone_day = patch.recoveryPerPhoneDay;
  if (patch.recoveryPerPhoneHour !== undefined)
    payload.recovery_per_phone_hour = patch.recoveryPerPhoneHour;
  return payload;
}
