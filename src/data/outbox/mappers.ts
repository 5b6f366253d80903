import type {
  MessageSettings,
  OutboxBudget,
  OutboxBudgets,
  OutboxCount,
  OutboxMessage,
  OutboxPage,
  ReminderPreview,
} from './types';

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const numOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** One row of outbox_list (or admin_outbox_resend) -> OutboxMessage. */
export function toOutboxMessage(json: unknown): OutboxMessage {
  const j = (json ?? {}) as Json;
  return {
    id: str(j.id),
    channel: j.channel as OutboxMessage['channel'],
    recipient: str(j.recipient),
    template: j.template as OutboxMessage['template'],
    state: j.state as OutboxMessage['state'],
    attempts: Number(j.attempts ?? 0),
    lastError: strOrNull(j.last_error),
    provider: strOrNull(j.provider),
    createdAt: str(j.created_at),
    sentAt: strOrNull(j.sent_at),
    body: str(j.body),
    segments: numOrNull(j.segments),
    nextAttemptAt: str(j.next_attempt_at),
    batchId: strOrNull(j.batch_id),
  };
}

export function toOutboxPage(json: unknown): OutboxPage {
  const j = (json ?? {}) as Json;
  const rows = Array.isArray(j.rows) ? j.rows : [];
  const counts = Array.isArray(j.counts) ? (j.counts as Json[]) : [];
  return {
    rows: rows.map(toOutboxMessage),
    total: Number(j.total ?? 0),
    counts: counts.map((c): OutboxCount => ({
      state: c.state as OutboxCount['state'],
      channel: c.channel as OutboxCount['channel'],
      template: c.template as OutboxCount['template'],
      count: Number(c.count ?? 0),
    })),
  };
}

export function toReminderPreview(json: unknown): ReminderPreview {
  const j = (json ?? {}) as Json;
  return {
    recipients: Number(j.recipients ?? 0),
    alreadyQueued: Number(j.already_queued ?? 0),
    body: str(j.body),
    segments: numOrNull(j.segments),
    encoding: j.encoding === 'GSM-7' || j.encoding === 'UCS-2' ? j.encoding : null,
    pricePerSegment: numOrNull(j.price_per_segment),
    estimatedCost: numOrNull(j.estimated_cost),
  };
}

export function toMessageSettings(json: unknown): MessageSettings {
  const j = (json ?? {}) as Json;
  return {
    siteUrl: str(j.site_url),
    reminderDaysBefore: numOrNull(j.reminder_days_before),
    reminderChannel: j.reminder_channel === 'whatsapp' ? 'whatsapp' : 'sms',
    smsPricePerSegment: Number(j.sms_price_per_segment ?? 0),
    dailyCap: Number(j.daily_cap ?? 0),
    publicDailyCap: Number(j.public_daily_cap ?? 0),
    recoveryDailyCap: Number(j.recovery_daily_cap ?? 0),
    recoveryPerPhoneDay: Number(j.recovery_per_phone_day ?? 0),
    recoveryPerPhoneHour: Number(j.recovery_per_phone_hour ?? 0),
    updatedAt: str(j.updated_at),
  };
}

/** outbox_budgets -> OutboxBudgets. */
export function toOutboxBudgets(json: unknown): OutboxBudgets {
  const j = (json ?? {}) as Json;
  const budgets = Array.isArray(j.budgets) ? (j.budgets as Json[]) : [];
  return {
    day: str(j.day),
    dailyCap: Number(j.daily_cap ?? 0),
    budgets: budgets.map((b): OutboxBudget => ({
      pool: b.pool as OutboxBudget['pool'],
      size: Number(b.size ?? 0),
      used: Number(b.used ?? 0),
      queued: Number(b.queued ?? 0),
    })),
    refusedRecoveries: Number(j.refused_recoveries ?? 0),
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
