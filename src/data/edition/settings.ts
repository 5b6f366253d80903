import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { spendConfirmation } from '@/data/shared/spend';

/**
 * The edition's settings (edition_settings + contest_settings, written by admin_update_settings):
 * the concert, the reservations' and the registration's windows, the capacity, the contacts and
 * the purge date (docs/decisions/009-night-party-operations.md).
 */

/** Every setting an admin edits. Dates are ISO 8601 with their zone. */
export type EditionSettings = {
  concertStartsAt: string;
  doorsOpenAt: string;
  venueName: string;
  venueAddress: string;
  mapUrl: string;
  capacity: number;
  overbookingPercent: number;
  reservationsOpenAt: string;
  /** null: reservations close when the concert starts. */
  reservationsCloseAt: string | null;
  /** 9 digits. */
  contactPhone: string;
  contactEmail: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  maxParticipants: number;
  /** The final's city, and its day (yyyy-mm-dd, Douala): its year is the edition's. */
  finalCity: string;
  finalOn: string;
  /** From this day (yyyy-mm-dd, Douala) personal data may be purged; null: not set. */
  personalDataPurgeAt: string | null;
  /** The later change of the two rows. */
  updatedAt: string;
};

export type SettingKey = Exclude<keyof EditionSettings, 'updatedAt'>;
export type SettingsPatch = Partial<Pick<EditionSettings, SettingKey>>;

/** The database column of each setting (the keys of admin_update_settings' payload). */
const SETTING_COLUMNS = {
  concertStartsAt: 'concert_starts_at',
  doorsOpenAt: 'doors_open_at',
  venueName: 'venue_name',
  venueAddress: 'venue_address',
  mapUrl: 'map_url',
  capacity: 'capacity',
  overbookingPercent: 'overbooking_percent',
  reservationsOpenAt: 'reservations_open_at',
  reservationsCloseAt: 'reservations_close_at',
  contactPhone: 'contact_phone',
  contactEmail: 'contact_email',
  registrationOpensAt: 'registration_opens_at',
  registrationClosesAt: 'registration_closes_at',
  maxParticipants: 'max_participants',
  finalCity: 'final_city',
  finalOn: 'final_on',
  personalDataPurgeAt: 'personal_data_purge_at',
} as const satisfies Record<SettingKey, string>;

const SETTING_KEYS = Object.keys(SETTING_COLUMNS) as SettingKey[];
const NUMBERS: readonly SettingKey[] = ['capacity', 'overbookingPercent', 'maxParticipants'];

/** A setting the database refused: its French message belongs under that field. */
export class SettingFieldError extends DataError {
  readonly field: SettingKey;
  constructor(field: SettingKey, message: string) {
    super('invalid', message, { code: '22023', reason: 'invalid_field' });
    this.field = field;
  }
}

/** Columns (both tables, flat, as private.settings_json() answers) -> EditionSettings. */
function toEditionSettings(row: Record<string, unknown>): EditionSettings {
  const settings = { updatedAt: String(row.updated_at ?? '') } as Record<string, unknown>;
  for (const key of SETTING_KEYS) {
    const value = row[SETTING_COLUMNS[key]];
    settings[key] = NUMBERS.includes(key) ? Number(value) : (value ?? null);
  }
  return settings as EditionSettings;
}

const SETTINGS_LOAD_ERROR = 'Erreur lors du chargement des paramètres';
const SETTINGS_SAVE_ERROR = 'Erreur lors de l’enregistrement des paramètres';
const ADMINS_ONLY = 'Accès réservé aux administrateurs.';

/** The edition's settings (admins; a reader sees the edition only and gets a refusal). */
export async function getEditionSettings(): Promise<EditionSettings> {
  const supabase = await getSupabase();
  const [edition, contest] = await Promise.all([
    supabase.from('edition_settings').select('*').maybeSingle(),
    supabase.from('contest_settings').select('*').maybeSingle(),
  ]);
  const error = edition.error ?? contest.error;
  if (error) throw toDataError(error, SETTINGS_LOAD_ERROR);
  if (!edition.data || !contest.data) throw new DataError('forbidden', ADMINS_ONLY);
  const later = [edition.data.updated_at, contest.data.updated_at].sort().at(-1);
  return toEditionSettings({ ...edition.data, ...contest.data, updated_at: later });
}

/**
 * Saves the given settings (only those: a setting another admin changed meanwhile is kept) in one
 * transaction, and returns every setting as stored. A refused value throws SettingFieldError. A
 * change that makes more than a handful of messages due (waitlist offers, the reminder of a
 * concert moved closer) is saved only with `confirm` = their count: else SpendConfirmationError
 * with the count and the cost, and nothing is saved (docs/decisions/037-message-budgets.md).
 */
export async function updateEditionSettings(
  patch: SettingsPatch,
  confirm?: number,
): Promise<EditionSettings> {
  const payload: Record<string, string | number | null> = Object.fromEntries(
    (Object.keys(patch) as SettingKey[]).map((k) => [SETTING_COLUMNS[k], patch[k] ?? null]),
  );
  if (confirm !== undefined) payload.confirm_messages = confirm;
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_update_settings', { payload });
  if (error) {
    const ask = spendConfirmation(error);
    if (ask) throw ask;
    const field = SETTING_KEYS.find((k) => SETTING_COLUMNS[k] === error.details);
    if (error.hint === 'invalid_field' && field) throw new SettingFieldError(field, error.message);
    throw toDataError(error, SETTINGS_SAVE_ERROR, { forbidden: ADMINS_ONLY });
  }
  // public.admin_settings (supabase/schemas/08_answer_types_settings.sql): every setting, as stored.
  if (!data) throw new DataError('unknown', SETTINGS_SAVE_ERROR);
  return toEditionSettings(data);
}
