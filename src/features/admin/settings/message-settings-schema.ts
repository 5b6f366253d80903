import * as z from 'zod/mini';
import type { MessageSettings } from '@/data/outbox/types';

/** The settings an admin changed, as the data module saves them. */
type MessageSettingsPatch = Partial<Omit<MessageSettings, 'updatedAt'>>;

/**
 * The message settings' form (the "Messages envoyés" panel): each rule and message is the
 * database's own (admin_update_message_settings), so a value it would refuse gets the same French
 * message on its field before anything is sent.
 */
const MESSAGE_SETTINGS_MESSAGES = {
  reminderDaysBefore: 'Le rappel se programme de 1 à 30 jours avant le concert.',
  reminderChannel: 'Canal inconnu : choisissez sms ou whatsapp.',
  smsPricePerSegment: 'Prix par SMS invalide (en FCFA, de 0 à 999 999).',
  dailyCap: 'Le plafond quotidien va de 1 à 100 000 messages.',
  publicDailyCap: 'Le budget public va de 0 à 100 000 messages.',
  recoveryDailyCap: 'Le budget des pass perdus va de 0 à 100 000 messages.',
  recoveryPerPhoneDay: 'De 1 à 20 pass perdus par numéro et par jour.',
  recoveryPerPhoneHour: 'De 1 à 20 pass perdus par numéro et par heure.',
  siteUrl: 'Adresse du site invalide (https://…).',
} as const;

const M = MESSAGE_SETTINGS_MESSAGES;

/** A whole number from lo to hi, as typed. */
const whole = (lo: number, hi: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= lo && Number(v) <= hi, message),
  );

/** A decimal as people type it in French: "12,5" as well as "12.5". */
const decimal = (v: string) => Number(v.trim().replace(',', '.'));

export const messageSettingsSchema = z.object({
  /** '' : no scheduled reminder. */
  reminderDaysBefore: z.string().check(
    z.trim(),
    z.refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 30),
      M.reminderDaysBefore,
    ),
  ),
  reminderChannel: z
    .string()
    .check(z.refine((v) => v === 'sms' || v === 'whatsapp', M.reminderChannel)),
  smsPricePerSegment: z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,6}([.,]\d{1,2})?$/.test(v), M.smsPricePerSegment),
  ),
  dailyCap: z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000, M.dailyCap),
  ),
  // The budgets of the daily cap (docs/decisions/037-message-budgets.md).
  publicDailyCap: whole(0, 100_000, M.publicDailyCap),
  recoveryDailyCap: whole(0, 100_000, M.recoveryDailyCap),
  recoveryPerPhoneDay: whole(1, 20, M.recoveryPerPhoneDay),
  recoveryPerPhoneHour: whole(1, 20, M.recoveryPerPhoneHour),
  siteUrl: z.string().check(
    z.trim(),
    z.refine((v) => v.length <= 200 && /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v), M.siteUrl),
  ),
});

export type MessageSettingsFormValues = z.input<typeof messageSettingsSchema>;
export type MessageSettingKey = keyof MessageSettingsFormValues;

/** The form's field of a database column that admin_update_message_settings refused. */
const COLUMNS: Record<string, MessageSettingKey> = {
  reminder_days_before: 'reminderDaysBefore',
  reminder_channel: 'reminderChannel',
  sms_price_per_segment: 'smsPricePerSegment',
  daily_cap: 'dailyCap',
  public_daily_cap: 'publicDailyCap',
  recovery_daily_cap: 'recoveryDailyCap',
  recovery_per_phone_day: 'recoveryPerPhoneDay',
  recovery_per_phone_hour: 'recoveryPerPhoneHour',
  site_url: 'siteUrl',
};
export const fieldOfColumn = (column: string): MessageSettingKey | undefined => COLUMNS[column];

/** The stored settings as the form shows them. */
export function toMessageSettingsFormValues(s: MessageSettings): MessageSettingsFormValues {
  return {
    reminderDaysBefore: s.reminderDaysBefore === null ? '' : String(s.reminderDaysBefore),
    reminderChannel: s.reminderChannel,
    smsPricePerSegment: String(s.smsPricePerSegment).replace('.', ','),
    dailyCap: String(s.dailyCap),
    publicDailyCap: String(s.publicDailyCap),
    recoveryDailyCap: String(s.recoveryDailyCap),
    recoveryPerPhoneDay: String(s.recoveryPerPhoneDay),
    recoveryPerPhoneHour: String(s.recoveryPerPhoneHour),
    siteUrl: s.siteUrl,
  };
}

/** The changed settings (`keys`), as admin_update_message_settings takes them. */
export function toMessageSettingsPatch(
  values: MessageSettingsFormValues,
  keys: MessageSettingKey[],
): MessageSettingsPatch {
  const patch: MessageSettingsPatch = {};
  for (const key of keys) {
    if (key === 'reminderDaysBefore') {
      const v = values.reminderDaysBefore.trim();
      patch.reminderDaysBefore = v === '' ? null : Number(v);
    } else if (key === 'reminderChannel')
      patch.reminderChannel = values.reminderChannel as MessageSettings['reminderChannel'];
    else if (key === 'smsPricePerSegment')
      patch.smsPricePerSegment = decimal(values.smsPricePerSegment);
    else if (key === 'siteUrl') patch.siteUrl = values.siteUrl.trim().replace(/\/+$/, '');
    else patch[key] = Number(values[key].trim());
  }
  return patch;
}
