import * as z from 'zod/mini';
import { cleanLine, EMAIL_PATTERN, PHONE_PATTERN } from '@/lib/validation';
import { normalisePhone } from '@/lib/phone';
import type { EditionSettings, SettingKey, SettingsPatch } from '@/data/edition/settings';
import { doualaTime, fromDoualaInput, toDoualaInput } from '@/lib/douala-input';

/**
 * The "Paramètres" form: each rule and message is the database's own (admin_update_settings in
 * supabase/migrations/20251123100000_night_party_operations.sql), so a value it would refuse gets
 * the same French message on its field before anything is sent (the purge date's rule:
 * supabase/migrations/20251126120000_scheduled_purge_and_journal.sql).
 */
export const SETTINGS_MESSAGES = {
  concertStartsAt: 'Date et heure du concert invalides.',
  doorsOpenAt: 'Heure d’ouverture des portes invalide.',
  reservationsOpenAt: 'Date d’ouverture des réservations invalide.',
  reservationsCloseAt: 'Date de clôture des réservations invalide.',
  registrationOpensAt: 'Date d’ouverture des inscriptions invalide.',
  registrationClosesAt: 'Date de clôture des inscriptions invalide.',
  capacity: 'La capacité doit être un nombre entier de 1 à 100 000.',
  overbookingPercent: 'Le surbooking doit être un pourcentage entier de 0 à 50.',
  maxParticipants: 'Le nombre maximum de participants doit être un entier de 1 à 1 000 000.',
  venueName: 'Le nom du lieu doit contenir entre 2 et 120 caractères.',
  venueAddress: 'L’adresse doit contenir entre 2 et 200 caractères.',
  mapUrl: 'Le lien du plan doit être une adresse https:// valide.',
  contactPhone: 'Numéro de téléphone invalide (9 chiffres requis)',
  contactEmail: 'Adresse email invalide',
  doorsAfterConcert: 'L’ouverture des portes doit précéder le début du concert.',
  openAfterConcert: 'L’ouverture des réservations doit précéder le début du concert.',
  closeBeforeOpen: 'La clôture des réservations doit suivre leur ouverture.',
  closeAfterConcert: 'La clôture des réservations ne peut pas dépasser le début du concert.',
  registrationCloseBeforeOpen: 'La clôture des inscriptions doit suivre leur ouverture.',
  finalCity: 'La ville de la finale doit contenir entre 2 et 80 caractères.',
  finalOn: 'Date de la finale invalide (AAAA-MM-JJ).',
  personalDataPurgeAt: 'Date de purge des données personnelles invalide (AAAA-MM-JJ).',
  purgeBeforeEnd:
    'La purge des données personnelles doit venir au moins 30 jours après le concert et la clôture des inscriptions.',
} as const;

const M = SETTINGS_MESSAGES;

/** A real calendar day written yyyy-mm-dd. */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

/** The least number of days between the edition's end and the purge date. */
const PURGE_AFTER_DAYS = 30;

/** `day` (yyyy-mm-dd) plus `n` days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** A string refused with `message` unless `valid`. */
const text = (valid: (v: string) => boolean, message: string) =>
  z.string().check(z.refine(valid, message));

const dateTime = (message: string) => text((v) => fromDoualaInput(v) !== null, message);

const wholeNumber = (min: number, max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => /^[0-9]{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, message),
  );

const line = (min: number, max: number, message: string) =>
  text((v) => cleanLine(v).length >= min && cleanLine(v).length <= max, message);

export const settingsSchema = z
  .object({
    concertStartsAt: dateTime(M.concertStartsAt),
    doorsOpenAt: dateTime(M.doorsOpenAt),
    venueName: line(2, 120, M.venueName),
    venueAddress: line(2, 200, M.venueAddress),
    mapUrl: z.string().check(
      z.trim(),
      z.refine((v) => v.length <= 500 && /^https:\/\/\S+$/.test(v), M.mapUrl),
    ),
    capacity: wholeNumber(1, 100_000, M.capacity),
    overbookingPercent: wholeNumber(0, 50, M.overbookingPercent),
    reservationsOpenAt: dateTime(M.reservationsOpenAt),
    /** '' : reservations close when the concert starts. */
    reservationsCloseAt: text(
      (v) => v.trim() === '' || fromDoualaInput(v) !== null,
      M.reservationsCloseAt,
    ),
    // Written as people do (+237, spaces, dots, dashes), as on the public forms.
    contactPhone: text((v) => PHONE_PATTERN.test(normalisePhone(v)), M.contactPhone),
    contactEmail: z.string().check(
      z.trim(),
      z.refine((v) => v.length <= 254 && EMAIL_PATTERN.test(v), M.contactEmail),
    ),
    registrationOpensAt: dateTime(M.registrationOpensAt),
    registrationClosesAt: dateTime(M.registrationClosesAt),
    maxParticipants: wholeNumber(1, 1_000_000, M.maxParticipants),
    finalCity: line(2, 80, M.finalCity),
    /** yyyy-mm-dd (a day in Douala). */
    finalOn: text((v) => isDay(v.trim()), M.finalOn),
    /** yyyy-mm-dd (a day in Douala); '' : no purge date. */
    personalDataPurgeAt: text((v) => v.trim() === '' || isDay(v.trim()), M.personalDataPurgeAt),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        // The rules between fields, on the field most likely changed (as the database names them);
        // a date that is itself invalid has its own message already.
        const concert = doualaTime(v.concertStartsAt);
        const doors = doualaTime(v.doorsOpenAt);
        const open = doualaTime(v.reservationsOpenAt);
        const close = v.reservationsCloseAt.trim() ? doualaTime(v.reservationsCloseAt) : null;
        const issue = (path: SettingKey, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        if (doors > concert) issue('doorsOpenAt', M.doorsAfterConcert);
        if (open >= concert) issue('reservationsOpenAt', M.openAfterConcert);
        if (close !== null && close <= open) issue('reservationsCloseAt', M.closeBeforeOpen);
        else if (close !== null && close > concert)
          issue('reservationsCloseAt', M.closeAfterConcert);
        if (doualaTime(v.registrationClosesAt) <= doualaTime(v.registrationOpensAt))
          issue('registrationClosesAt', M.registrationCloseBeforeOpen);
        // The purge day comes 30 days or more after the concert's day and the registrations'
        // last day (Douala days, as the inputs hold them).
        const purge = v.personalDataPurgeAt.trim();
        const lastDay = [v.concertStartsAt, v.registrationClosesAt]
          .map((d) => d.slice(0, 10))
          .filter(isDay)
          .sort()
          .at(-1);
        if (isDay(purge) && lastDay && purge < addDays(lastDay, PURGE_AFTER_DAYS))
          issue('personalDataPurgeAt', M.purgeBeforeEnd);
      },
      // Check the dates together even while another field is wrong: every error shows at once.
      { when: () => true },
    ),
  );

export type SettingsFormValues = z.input<typeof settingsSchema>;

const DATE_KEYS = [
  'concertStartsAt',
  'doorsOpenAt',
  'reservationsOpenAt',
  'reservationsCloseAt',
  'registrationOpensAt',
  'registrationClosesAt',
] as const satisfies readonly SettingKey[];
const NUMBER_KEYS = [
  'capacity',
  'overbookingPercent',
  'maxParticipants',
] as const satisfies readonly SettingKey[];

const isDate = (k: SettingKey): k is (typeof DATE_KEYS)[number] =>
  (DATE_KEYS as readonly string[]).includes(k);
const isNumber = (k: SettingKey): k is (typeof NUMBER_KEYS)[number] =>
  (NUMBER_KEYS as readonly string[]).includes(k);

/** The stored settings as the form shows them (dates and times in Douala). */
export function toSettingsFormValues(s: EditionSettings): SettingsFormValues {
  return {
    concertStartsAt: toDoualaInput(s.concertStartsAt),
    doorsOpenAt: toDoualaInput(s.doorsOpenAt),
    venueName: s.venueName,
    venueAddress: s.venueAddress,
    mapUrl: s.mapUrl,
    capacity: String(s.capacity),
    overbookingPercent: String(s.overbookingPercent),
    reservationsOpenAt: toDoualaInput(s.reservationsOpenAt),
    reservationsCloseAt: toDoualaInput(s.reservationsCloseAt),
    contactPhone: s.contactPhone,
    contactEmail: s.contactEmail,
    registrationOpensAt: toDoualaInput(s.registrationOpensAt),
    registrationClosesAt: toDoualaInput(s.registrationClosesAt),
    maxParticipants: String(s.maxParticipants),
    finalCity: s.finalCity,
    finalOn: s.finalOn,
    personalDataPurgeAt: s.personalDataPurgeAt ?? '',
  };
}

/**
 * The changed settings (`keys`: the fields the admin touched) as admin_update_settings takes them:
 * dates as ISO with +01:00, numbers as numbers, texts cleaned. Only these are sent, so a setting
 * another admin changed meanwhile is not overwritten with the value this page loaded.
 */
export function toSettingsPatch(values: SettingsFormValues, keys: SettingKey[]): SettingsPatch {
  const patch: Record<string, string | number | null> = {};
  for (const key of keys) {
    const raw = values[key];
    if (isDate(key)) patch[key] = raw.trim() === '' ? null : fromDoualaInput(raw);
    else if (isNumber(key)) patch[key] = Number(raw.trim());
    else if (key === 'contactPhone') patch[key] = normalisePhone(raw);
    else if (key === 'contactEmail') patch[key] = raw.trim().toLowerCase();
    else if (key === 'mapUrl') patch[key] = raw.trim();
    else if (key === 'personalDataPurgeAt') patch[key] = raw.trim() || null;
    else if (key === 'finalOn') patch[key] = raw.trim();
    else patch[key] = cleanLine(raw);
  }
  return patch as SettingsPatch;
}
