import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';

/**
 * The survey's pre-filled answers (docs/decisions/025-survey-defaults.md): create_reservation
 * stores which ones the visitor changed, refuses anything but the five pre-filled questions, and
 * attendance_report counts, per question, the confirmed places left at the default, through real
 * supabase-js against real PostgreSQL.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;

let serial = 0;
/** The form's answers as the specification pre-fills them (heard_from has no default). */
const reservation = (extra: Record<string, unknown> = {}, n = ++serial) => ({
  id: crypto.randomUUID(),
  full_name: `Awa Visiteuse ${n}`,
  phone: `67${String(n).padStart(7, '0')}`,
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'yes',
  ...extra,
});

async function reserve(payload: Record<string, unknown>) {
  const { data, error } = await backend.anonClient().rpc('create_reservation', {
    payload: { ...payload, pow: await backend.proofOfWork() },
  });
  return { data: data as { id: string } | null, error };
}

const stored = async () =>
  backend.sql<{ phone: string; survey_changed: string[] | null }>(
    'select phone, survey_changed from reservations order by created_at, phone',
  );

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
  reader = await backend.signedInClient('lecteur@example.cm', 'lecteur-password-123');
});

beforeEach(async () => {
  await backend.sql('delete from reservations; delete from private.rate_hits');
  await backend.setEdition({
    capacity: 100,
    overbooking_percent: 0,
    concert_starts_at: new Date(Date.now() + 30 * 86_400_000),
    doors_open_at: new Date(Date.now() + 30 * 86_400_000 - 7_200_000),
    reservations_open_at: new Date(Date.now() - 86_400_000),
    reservations_close_at: null,
  });
});

describe('create_reservation records the pre-filled answers the visitor changed', () => {
  it('stores the list in the form order, adds an answer that differs from its default, and keeps "not recorded" apart', async () => {
    // Changed and came back to the default: recorded as changed.
    const a = reservation({ survey_changed: ['follows_booster_page'] });
    // Left everything as pre-filled: an empty record, not an unknown one.
    const b = reservation({ survey_changed: [] });
    // Says nothing of consumes_booster_products, whose answer is not the default: added.
    const c = reservation({
      consumes_booster_products: 'no',
      attendance_status: 'maybe',
      survey_changed: ['will_attend', 'attendance_status', 'will_attend'],
    });
    // A form older than the record (no field, or null): unknown.
    const d = reservation();
    const e = reservation({ survey_changed: null });
    for (const p of [a, b, c, d, e]) expect((await reserve(p)).error).toBeNull();

    const byPhone = Object.fromEntries((await stored()).map((r) => [r.phone, r.survey_changed]));
    expect(byPhone[a.phone]).toEqual(['follows_booster_page']);
    expect(byPhone[b.phone]).toEqual([]);
    expect(byPhone[c.phone]).toEqual([
      'attendance_status',
      'will_attend',
      'consumes_booster_products',
    ]);
    expect(byPhone[d.phone]).toBeNull();
    expect(byPhone[e.phone]).toBeNull();
  });

  it.each([
    ['a question without default', ['heard_from']],
    ['an unknown key', ['follows_booster_page', 'age']],
    ['a camelCase key', ['followsBoosterPage']],
    ['a number', [1]],
    ['a string instead of a list', 'follows_booster_page'],
    ['an object', { follows_booster_page: true }],
    ['more than five keys', Array(6).fill('will_attend')],
  ])('refuses %s, in French, and stores nothing', async (_what, sent) => {
    const { error } = await reserve(reservation({ survey_changed: sent }));
    expect(error).toMatchObject({
      code: '22023',
      hint: 'invalid_field',
      details: 'survey_changed',
      message:
        'Réponses modifiées invalides : seules les questions pré-remplies du questionnaire sont acceptées.',
    });
    expect(await stored()).toEqual([]);
  });

  it('the table itself refuses a record that contradicts the answers or names an unknown key', async () => {
    const insert = (changed: string, follows = 'yes') =>
      backend.sql(
        `insert into reservations (full_name, phone, ville, heard_from, follows_booster_page,
           survey_changed) values ('Awa Ngono', '677000999', 'Douala', 'social', $1, $2::text[])`,
        [follows, changed],
      );
    await expect(insert('{age}')).rejects.toThrow(/reservations_survey_changed_check/);
    await expect(insert('{}', 'no')).rejects.toThrow(/reservations_survey_changed_check/);
    await insert('{follows_booster_page}', 'no');
    expect(await stored()).toEqual([
      { phone: '677000999', survey_changed: ['follows_booster_page'] },
    ]);
  });
});

type ReportRow = {
  question: string;
  answer: string;
  reserved: number;
  came: number;
  prefilled: boolean;
  kept: number;
  unknown: number;
};

describe('attendance_report counts, per question, the confirmed places left at the default', () => {
  it('gives kept and unknown on the pre-filled answer, to admins and readers', async () => {
    // Three confirmed through the form: one left everything, one changed two answers (and came
    // back to "yes" on one of them), one answered "no" to following the page.
    for (const p of [
      reservation({ survey_changed: [] }),
      reservation({ survey_changed: ['follows_booster_page', 'attendance_barrier'] }),
      reservation({ follows_booster_page: 'no', survey_changed: [] }),
      // Made before the record existed.
      reservation(),
      // Put on the waitlist below: not in the report.
      reservation({ survey_changed: [] }),
    ]) {
      expect((await reserve(p)).error).toBeNull();
    }
    await backend.sql(`update reservations set state = 'waitlisted',
      queue_number = nextval('private.reservation_queue') where phone = (
        select phone from reservations order by created_at desc limit 1)`);
    // Entered at the door: the one who left everything as pre-filled.
    await backend.sql(`update reservations set checked_in_at = now(), checked_in_door = 'Porte 1'
      where phone = (select phone from reservations order by created_at limit 1)`);

    for (const client of [admin, reader]) {
      const { data, error } = await client.rpc('attendance_report');
      expect(error).toBeNull();
      const rows = data as ReportRow[];
      expect(rows).toHaveLength(18);
      const at = (question: string, answer: string) =>
        rows.find((r) => r.question === question && r.answer === answer);
      // 4 confirmed: the 3 of the form's record, 1 from before it.
      expect(at('follows_booster_page', 'yes')).toEqual({
        question: 'follows_booster_page',
        answer: 'yes',
        reserved: 3,
        came: 1,
        prefilled: true,
        kept: 1,
        unknown: 1,
      });
      expect(at('follows_booster_page', 'no')).toMatchObject({
        reserved: 1,
        prefilled: false,
        kept: 0,
        unknown: 0,
      });
      expect(at('attendance_barrier', 'none')).toMatchObject({
        reserved: 4,
        prefilled: true,
        kept: 2,
        unknown: 1,
      });
      expect(at('will_attend', 'yes')).toMatchObject({ reserved: 4, kept: 3, unknown: 1 });
      expect(at('attendance_status', 'yes')).toMatchObject({ prefilled: true, kept: 3 });
      expect(at('attendance_status', 'maybe')).toMatchObject({ prefilled: false, reserved: 0 });
      // No default: nothing pre-filled, nothing kept.
      expect(rows.filter((r) => r.question === 'heard_from')).toEqual([
        expect.objectContaining({ answer: 'flyer', prefilled: false, kept: 0, unknown: 0 }),
        expect.objectContaining({ answer: 'social', reserved: 4, prefilled: false, kept: 0 }),
        expect.objectContaining({ answer: 'wordOfMouth', prefilled: false, kept: 0 }),
      ]);
    }
  });
});
