import { getSupabase } from '@/lib/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { AttendanceBarrier, AttendanceStatus, HeardFrom, YesNo } from './types';
import { toDoorAnswer, type DoorAnswer } from './door';

/**
 * The Night Party in the administration (docs/decisions/009-night-party-operations.md): the
 * edition's settings (edition_settings + contest_settings, written by admin_update_settings),
 * the row actions on a reservation, the capacity figures and the attendance report.
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
export const SETTING_COLUMNS = {
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
export function toEditionSettings(row: Record<string, unknown>): EditionSettings {
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
 * transaction, and returns every setting as stored. A refused value throws SettingFieldError.
 */
export async function updateEditionSettings(patch: SettingsPatch): Promise<EditionSettings> {
  const payload = Object.fromEntries(
    (Object.keys(patch) as SettingKey[]).map((k) => [SETTING_COLUMNS[k], patch[k] ?? null]),
  );
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_update_settings', { payload });
  if (error) {
    const field = SETTING_KEYS.find((k) => SETTING_COLUMNS[k] === error.details);
    if (error.hint === 'invalid_field' && field) throw new SettingFieldError(field, error.message);
    throw toDataError(error, SETTINGS_SAVE_ERROR, { forbidden: ADMINS_ONLY });
  }
  return toEditionSettings(data as Record<string, unknown>);
}

/** The capacity bar: places that may be confirmed (limit = capacity + overbooking) and counts. */
export type NightPartyStats = {
  capacity: number;
  limit: number;
  /** Every confirmed place, entered or not. */
  confirmed: number;
  waitlisted: number;
  checkedIn: number;
  cancelled: number;
};

const STATS_ERROR = 'Erreur lors du chargement des chiffres de la Night Party';

export async function getNightPartyStats(): Promise<NightPartyStats> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('night_party_stats');
  if (error) throw toDataError(error, STATS_ERROR);
  const s = (data ?? {}) as Record<string, unknown>;
  return {
    capacity: Number(s.capacity ?? 0),
    limit: Number(s.limit ?? 0),
    confirmed: Number(s.confirmed ?? 0),
    waitlisted: Number(s.waitlisted ?? 0),
    checkedIn: Number(s.checked_in ?? 0),
    cancelled: Number(s.cancelled ?? 0),
  };
}

/** The survey questions crossed with who came (keys as in SURVEY_QUESTIONS), in the form's order. */
export type AttendanceQuestion =
  | 'attendanceStatus'
  | 'heardFrom'
  | 'willAttend'
  | 'attendanceBarrier'
  | 'followsBoosterPage'
  | 'consumesBoosterProducts';

type AnswerOf = {
  attendanceStatus: AttendanceStatus;
  heardFrom: HeardFrom;
  willAttend: YesNo;
  attendanceBarrier: AttendanceBarrier;
  followsBoosterPage: YesNo;
  consumesBoosterProducts: YesNo;
};

/**
 * One answer: confirmed places (`reserved`, those who could come) and those who entered. On the
 * answer the form offered already chosen (`prefilled`): `kept` counts the confirmed places left
 * at it, `unknown` those made before the form recorded it (docs/decisions/025-survey-defaults.md);
 * both 0 on any other answer (the visitor chose it).
 */
export type AttendanceRow = {
  [Q in AttendanceQuestion]: {
    question: Q;
    answer: AnswerOf[Q];
    reserved: number;
    came: number;
    prefilled: boolean;
    kept: number;
    unknown: number;
  };
}[AttendanceQuestion];

const QUESTION_OF: Record<string, AttendanceQuestion> = {
  attendance_status: 'attendanceStatus',
  heard_from: 'heardFrom',
  will_attend: 'willAttend',
  attendance_barrier: 'attendanceBarrier',
  follows_booster_page: 'followsBoosterPage',
  consumes_booster_products: 'consumesBoosterProducts',
};

/** attendance_report() JSON -> rows, in the form's order, every answer (zeros included). */
export function toAttendanceRows(json: unknown): AttendanceRow[] {
  const rows = Array.isArray(json) ? (json as Record<string, unknown>[]) : [];
  return rows
    .filter((r) => String(r.question) in QUESTION_OF)
    .map(
      (r) =>
        ({
          question: QUESTION_OF[String(r.question)],
          answer: String(r.answer),
          reserved: Number(r.reserved ?? 0),
          came: Number(r.came ?? 0),
          prefilled: r.prefilled === true,
          kept: Number(r.kept ?? 0),
          unknown: Number(r.unknown ?? 0),
        }) as AttendanceRow,
    );
}

export async function getAttendanceReport(): Promise<AttendanceRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('attendance_report');
  if (error) throw toDataError(error, 'Erreur lors du chargement de la présence');
  return toAttendanceRows(data);
}

/**
 * Cancels a reservation (the holder called, a duplicate…): the first of the waitlist takes the
 * place in the same transaction (returned: how many were confirmed). A pass that has entered
 * cannot be cancelled (French refusal).
 */
export async function cancelReservationAsAdmin(id: string): Promise<{ promoted: number }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_cancel_reservation', { id });
  if (error) throw toDataError(error, 'Erreur lors de l’annulation de la réservation');
  // How many of the waitlist the freed place confirmed (the toast says it: issue 27).
  return { promoted: Number((data as { promoted?: unknown } | null)?.promoted ?? 0) };
}

/** What the door sees of a check-in (shared with the door screen: src/data/door.ts). */
export type CheckInResult = DoorAnswer;

/**
 * Undoes an entry recorded by mistake (a pass scanned early, the wrong person): the pass may
 * enter again. `reason` (3 to 300 characters) is required and goes into the journal. A refused
 * reason throws DataError 'invalid' with the database's French message (reason 'invalid_field').
 */
export async function undoCheckIn(id: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_undo_check_in', { id, reason });
  if (error?.hint === 'invalid_field')
    throw new DataError('invalid', error.message, { code: error.code, reason: 'invalid_field' });
  if (error) throw toDataError(error, 'Erreur lors de l’annulation de l’entrée');
}

/** The journal's reason for an undone entry: the database's rule, in the dialog's words. */
export const UNDO_REASON_INVALID = 'Indiquez pourquoi l’entrée est annulée (3 à 300 caractères).';
export const UNDO_REASON_MAX = 300;

/** Checks a reservation in by hand (checked_in_by_hand, no door); twice answers `already`. */
export async function checkInReservation(id: string): Promise<CheckInResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_check_in', { id });
  if (error) throw toDataError(error, 'Erreur lors de la validation de l’entrée');
  return toDoorAnswer(data);
}
