import { CheckedValues } from '../../../supabase/database.types';

/**
 * The outbox (docs/decisions/033-messages-outbox.md): one row per message to send, written by
 * the database itself, sent by the send-messages Edge Function. Admins read it on "Envois".
 */
export const OUTBOX_CHANNELS = CheckedValues.outbox.channel;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_TEMPLATES = CheckedValues.outbox.template;
export type OutboxTemplate = (typeof OUTBOX_TEMPLATES)[number];

export const OUTBOX_STATES = CheckedValues.outbox.state;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The channels a reminder (and the pass messages) go by (message_settings.reminder_channel). */
export const PHONE_CHANNELS = CheckedValues.message_settings.reminder_channel;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/** One message as "Envois" shows it (admins see the full recipient). */
export type OutboxMessage = {
  id: string;
  channel: OutboxChannel;
  /** A 9-digit phone, or an e-mail address for channel 'email'. */
  recipient: string;
  template: OutboxTemplate;
  state: OutboxState;
  attempts: number;
  /** The provider's refusal or the network failure of the last attempt, in its words. */
  lastError: string | null;
  /** Who accepted it: 'twilio', 'whatsapp', 'emailjs', or 'local' (the local sink). */
  provider: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The French text as queued: what the recipient gets. */
  body: string;
  /** SMS parts (null for WhatsApp and e-mail). */
  segments: number | null;
  nextAttemptAt: string;
  /** The admin batch (reminder, convocation) that queued it, null for an event's own message. */
  batchId: string | null;
};

/** How many messages in each state, channel and template (the page's summary and filters). */
export type OutboxCount = {
  state: OutboxState;
  channel: OutboxChannel;
  template: OutboxTemplate;
  count: number;
};

export type OutboxFilters = {
  state?: OutboxState | '';
  channel?: OutboxChannel | '';
  template?: OutboxTemplate | '';
};

export type OutboxPage = { rows: OutboxMessage[]; total: number; counts: OutboxCount[] };

/** What "Envoyer le rappel" shows before the admin confirms. */
export type ReminderPreview = {
  /** Confirmed passes not yet entered. */
  recipients: number;
  /** Of them, the passes that already have this concert's reminder (sending again skips them). */
  alreadyQueued: number;
  /** The text, as the first recipient gets it. */
  body: string;
  /** SMS only (null for WhatsApp): parts per message, encoding, FCFA per part, total estimate. */
  segments: number | null;
  encoding: 'GSM-7' | 'UCS-2' | null;
  pricePerSegment: number | null;
  estimatedCost: number | null;
};

export type BatchQueued = { queued: number; batchId: string };
export type ConvocationsQueued = BatchQueued & { skipped: number };

/** The messages' settings (message_settings). */
export type MessageSettings = {
  /** The site's address, for the links sent (e.g. https://booster-challenge.cm). */
  siteUrl: string;
  /** The reminder is queued by itself this many days before the concert; null: never by itself. */
  reminderDaysBefore: number | null;
  reminderChannel: PhoneChannel;
  /** FCFA per SMS part (estimates only). */
  smsPricePerSegment: number;
  /** Messages handed to providers per day (Douala) at most, every budget together. */
  dailyCap: number;
  /** Of dailyCap, the messages a visitor's own action queues (registration confirmations). */
  publicDailyCap: number;
  /** Of dailyCap, the lost passes ("Retrouver mon pass"). The reserve is what both leave. */
  recoveryDailyCap: number;
  /** Lost passes one phone gets per Douala day, and per hour, at most. */
  recoveryPerPhoneDay: number;
  recoveryPerPhoneHour: number;
  updatedAt: string;
};

/**
 * A budget of the daily cap (docs/decisions/037-message-budgets.md): 'reserve' waitlist offers,
 * reminders and convocations, which nothing the public does can use up; 'recovery' lost passes;
 * 'public' what a visitor's own action queues.
 */
export type OutboxBudget = {
  pool: 'reserve' | 'recovery' | 'public';
  size: number;
  /** Handed to a provider today (Douala day). */
  used: number;
  /** Waiting in the queue for it. */
  queued: number;
};

export type OutboxBudgets = {
  /** The Douala day, YYYY-MM-DD. */
  day: string;
  dailyCap: number;
  budgets: OutboxBudget[];
  /** Lost-pass asks not sent today because the phone had its share (answered as usual). */
  refusedRecoveries: number;
};
