import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';

/**
 * The Night Party in the admin area (docs/decisions/009-night-party-operations.md): the
 * settings, row actions, the capacity figures and the attendance report, for admins and
 * readers (lecteur), through real supabase-js.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let user: SupabaseClient;

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.createUser('curieux@example.cm', 'curieux-password-123');
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
  reader = await backend.signedInClient('lecteur@example.cm', 'lecteur-password-123');
  user = await backend.signedInClient('curieux@example.cm', 'curieux-password-123');
});

let serial = 0;
type Survey = {
  heard_from?: string;
  attendance_barrier?: string;
  follows_booster_page?: string;
  consumes_booster_products?: string;
};
/** A reservation written as superuser (state, survey answers, entered or not). */
async function row(
  state: 'confirmed' | 'waitlisted' | 'cancelled',
  survey: Survey = {},
  entered = false,
) {
  const n = ++serial;
  const [r] = await backend.sql<{ id: string; pass_code: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, attendance_barrier,
       follows_booster_page, consumes_booster_products, state, queue_number, cancelled_at,
       checked_in_at, checked_in_door)
     values ('Awa Ngono', $1, 'Douala', $2, $3, $4, $5, $6,
             case when $6 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $6 = 'cancelled' then now() end,
             case when $7 then now() end, case when $7 then 'Porte 1' end)
     returning id::text, pass_code`,
    [
      `65${String(n).padStart(7, '0')}`,
      survey.heard_from ?? 'social',
      survey.attendance_barrier ?? 'none',
      survey.follows_booster_page ?? 'yes',
      survey.consumes_booster_products ?? 'yes',
      state,
      entered,
    ],
  );
  return r;
}

beforeEach(async () => {
  await backend.sql('delete from reservations');
  await backend.setEdition({ capacity: 3, overbooking_percent: 0 });
});

describe('my_staff_role', () => {
  it('names the role of the signed-in staff, null for anyone else', async () => {
    expect((await admin.rpc('my_staff_role')).data).toBe('admin');
    expect((await reader.rpc('my_staff_role')).data).toBe('lecteur');
    expect((await user.rpc('my_staff_role')).data).toBeNull();
    expect((await backend.anonClient().rpc('my_staff_role')).error?.code).toBe('42501');
  });
});

describe('admin row actions', () => {
  it('cancels a reservation (promoting the waitlist) and checks one in by hand', async () => {
    const a = await row('confirmed');
    const b = await row('confirmed');
    await row('confirmed');
    const w = await row('waitlisted');

    const cancelled = await admin.rpc('admin_cancel_reservation', { id: a.id });
    expect(cancelled.error).toBeNull();
    // The freed place confirmed the first of the waitlist: said, for the toast (issue 27).
    expect(cancelled.data).toMatchObject({ code: a.pass_code, state: 'cancelled', promoted: 1 });
    expect((await backend.anonClient().rpc('get_pass', { code: w.pass_code })).data).toMatchObject({
      state: 'confirmed',
    });
    expect((await admin.rpc('admin_cancel_reservation', { id: a.id })).data).toEqual({
      ...cancelled.data,
      promoted: 0,
    });

    const entered = await admin.rpc('admin_check_in', { id: b.id });
    expect(entered.error).toBeNull();
    expect(entered.data).toMatchObject({
      verdict: 'validated',
      door: null,
      by_hand: true,
      first_name: 'Awa',
    });
    expect((await admin.rpc('admin_check_in', { id: b.id })).data).toMatchObject({
      verdict: 'already',
    });
    const refused = await admin.rpc('admin_cancel_reservation', { id: b.id });
    expect(refused).toMatchObject({ status: 409, error: { hint: 'pass_checked_in' } });
    const missing = await admin.rpc('admin_cancel_reservation', { id: crypto.randomUUID() });
    expect(missing).toMatchObject({ status: 404, error: { hint: 'not_found' } });
    expect((await admin.rpc('admin_check_in', { id: crypto.randomUUID() })).data).toMatchObject({
      verdict: 'unknown',
    });
  });

  it('lists state, pass and entry for admins; readers get the list without pass, phone masked', async () => {
    const r = await row('confirmed', {}, true);
    const { data, error } = await admin
      .from('reservations')
      .select('id, phone, state, pass_code, checked_in_at, checked_in_door')
      .eq('id', r.id);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: r.id,
        phone: expect.stringMatching(/^65\d{7}$/),
        state: 'confirmed',
        pass_code: r.pass_code,
        checked_in_at: expect.any(String),
        checked_in_door: 'Porte 1',
      },
    ]);
    // A pass code cancels its pass: readers never see one (docs/decisions/017-roles-and-door-window.md).
    const direct = await reader.from('reservations').select('pass_code, phone');
    expect(direct.data ?? []).toEqual([]);
    const listed = await reader.from('reservation_directory').select('*');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      expect.objectContaining({
        full_name: 'Awa Ngono',
        phone: expect.stringMatching(/^6•• •• •• \d\d$/),
        state: 'confirmed',
        checked_in_at: expect.any(String),
        checked_in_door: 'Porte 1',
        checked_in_by_hand: false,
      }),
    ]);
    expect(Object.keys(listed.data![0])).not.toContain('pass_code');
    expect(listed.data![0].id).not.toBe(r.id);
    // Paging, filters, sort and count work on it as on reservations.
    await row('waitlisted');
    await row('cancelled');
    const page = await reader
      .from('reservation_directory')
      .select('*', { count: 'exact' })
      .in('state', ['waitlisted', 'cancelled'])
      .order('created_at', { ascending: false })
      .range(0, 0);
    expect(page).toMatchObject({
      count: 2,
      data: [expect.objectContaining({ state: 'cancelled' })],
    });
  });

  it('readers cancel nothing: neither with a pass code nor from the administration', async () => {
    const r = await row('confirmed');
    expect((await reader.rpc('cancel_reservation', { code: r.pass_code })).error?.code).toBe(
      '42501',
    );
    expect((await reader.rpc('admin_cancel_reservation', { id: r.id })).error?.code).toBe('42501');
    expect((await reader.rpc('admin_check_in', { id: r.id })).error?.code).toBe('42501');
    expect(
      (await reader.rpc('admin_undo_check_in', { id: r.id, reason: 'Essai' })).error?.code,
    ).toBe('42501');
    expect(await backend.sql('select state, checked_in_at from reservations')).toEqual([
      { state: 'confirmed', checked_in_at: null },
    ]);
  });

  it('an admin cancellation leaves one journal row with its actor', async () => {
    const r = await row('confirmed');
    const [{ id: since }] = await backend.sql<{ id: number }>(
      'select coalesce(max(id), 0)::int id from audit_log',
    );
    expect((await admin.rpc('admin_cancel_reservation', { id: r.id })).error).toBeNull();
    expect(
      await backend.sql(
        `select action, entity_id, summary, actor_email from audit_log where id > $1`,
        [since],
      ),
    ).toEqual([
      {
        action: 'reservation.cancel',
        entity_id: r.id,
        summary: 'Réservation annulée',
        actor_email: 'chef@example.cm',
      },
    ]);
  });
});

describe('night_party_stats and attendance_report', () => {
  it('give the capacity bar and the survey crossed with who came', async () => {
    await backend.setEdition({ capacity: 10, overbooking_percent: 20 });
    await row('confirmed', { heard_from: 'flyer', follows_booster_page: 'no' }, true);
    await row('confirmed', { heard_from: 'flyer', attendance_barrier: 'cost' });
    await row('confirmed', { heard_from: 'social', consumes_booster_products: 'no' }, true);
    await row('waitlisted', { heard_from: 'flyer' });
    await row('cancelled', { heard_from: 'wordOfMouth' });

    for (const c of [admin, reader]) {
      const stats = await c.rpc('night_party_stats');
      expect(stats.error).toBeNull();
      expect(stats.data).toEqual({
        capacity: 10,
        limit: 12,
        confirmed: 3,
        waitlisted: 1,
        checked_in: 2,
        cancelled: 1,
      });
      const report = await c.rpc('attendance_report');
      expect(report.error).toBeNull();
      const rows = report.data as {
        question: string;
        answer: string;
        reserved: number;
        came: number;
      }[];
      // Six questions (the two pre-filled intentions too, docs/decisions/025-survey-defaults.md).
      expect(rows).toHaveLength(18);
      const at = (question: string, answer: string) =>
        rows.find((r) => r.question === question && r.answer === answer);
      // Rows written without the form's record: nothing counted as left at the default.
      expect(at('heard_from', 'flyer')).toEqual({
        question: 'heard_from',
        answer: 'flyer',
        reserved: 2,
        came: 1,
        prefilled: false,
        kept: 0,
        unknown: 0,
      });
      expect(at('heard_from', 'social')).toMatchObject({ reserved: 1, came: 1 });
      expect(at('heard_from', 'wordOfMouth')).toMatchObject({ reserved: 0, came: 0 });
      expect(at('attendance_barrier', 'cost')).toMatchObject({ reserved: 1, came: 0 });
      expect(at('attendance_barrier', 'none')).toMatchObject({ reserved: 2, came: 2 });
      expect(at('follows_booster_page', 'no')).toMatchObject({ reserved: 1, came: 1 });
      expect(at('consumes_booster_products', 'yes')).toMatchObject({ reserved: 2, came: 1 });
      expect(at('attendance_barrier', 'none')).toMatchObject({ prefilled: true, unknown: 2 });
      expect(rows.map((r) => r.question)).toEqual([
        ...Array(3).fill('attendance_status'),
        ...Array(3).fill('heard_from'),
        ...Array(2).fill('will_attend'),
        ...Array(6).fill('attendance_barrier'),
        ...Array(2).fill('follows_booster_page'),
        ...Array(2).fill('consumes_booster_products'),
      ]);
    }
    for (const fn of ['night_party_stats', 'attendance_report']) {
      expect((await user.rpc(fn)).error?.code, fn).toBe('42501');
      expect((await backend.anonClient().rpc(fn)).error?.code, fn).toBe('42501');
    }
  });
});

describe('admin_update_settings', () => {
  const update = (payload: Record<string, unknown>, c = admin) =>
    c.rpc('admin_update_settings', { payload });

  it('updates both tables in one call and answers every setting', async () => {
    const { data, error } = await update({
      venue_name: '  Salle   des Fêtes ',
      capacity: '800',
      overbooking_percent: 5,
      contact_phone: '+237 6 77 12 34 56',
      contact_email: ' Info@Booster.CM ',
      map_url: 'https://www.openstreetmap.org/?mlat=3.87&mlon=11.51',
      max_participants: 2500,
      registration_opens_at: '2030-06-15T00:00:00+01:00',
      registration_closes_at: '2030-07-30T23:59:59+01:00',
      reservations_close_at: null,
      final_city: '  Kribi ',
      final_on: '2030-09-21',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      final_city: 'Kribi',
      final_on: '2030-09-21',
      venue_name: 'Salle des Fêtes',
      capacity: 800,
      overbooking_percent: 5,
      contact_phone: '677123456',
      contact_email: 'info@booster.cm',
      max_participants: 2500,
      reservations_close_at: null,
      registration_opens_at: '2030-06-14T23:00:00+00:00',
    });
    expect(Object.keys(data as object).sort()).toEqual([
      'capacity',
      'concert_starts_at',
      'contact_email',
      'contact_phone',
      'doors_open_at',
      'final_city',
      'final_on',
      'map_url',
      'max_participants',
      'overbooking_percent',
      'personal_data_purge_at',
      'registration_closes_at',
      'registration_opens_at',
      'reservations_close_at',
      'reservations_open_at',
      'updated_at',
      'venue_address',
      'venue_name',
    ]);
    expect(
      await backend.sql(
        `select e.capacity, c.max_participants from edition_settings e, contest_settings c`,
      ),
    ).toEqual([{ capacity: 800, max_participants: 2500 }]);
  });

  it('promotes the waitlist when the capacity grows', async () => {
    for (let i = 0; i < 3; i++) await row('confirmed');
    const w1 = await row('waitlisted');
    const w2 = await row('waitlisted');
    await row('waitlisted');
    expect((await update({ capacity: 5 })).error).toBeNull();
    const states = await backend.sql<{ id: string; state: string }>(
      `select id::text, state from reservations where id in ($1, $2)`,
      [w1.id, w2.id],
    );
    expect(states.map((s) => s.state)).toEqual(['confirmed', 'confirmed']);
    expect(
      await backend.sql(`select count(*)::int n from reservations where state = 'waitlisted'`),
    ).toEqual([{ n: 1 }]);
  });

  it.each([
    [{ capacity: 0 }, 'capacity', 'La capacité doit être un nombre entier de 1 à 100 000.'],
    [{ capacity: 1.5 }, 'capacity', 'La capacité doit être un nombre entier de 1 à 100 000.'],
    [
      { overbooking_percent: 51 },
      'overbooking_percent',
      'Le surbooking doit être un pourcentage entier de 0 à 50.',
    ],
    [
      { max_participants: -1 },
      'max_participants',
      'Le nombre maximum de participants doit être un entier de 1 à 1 000 000.',
    ],
    [{ venue_name: ' ' }, 'venue_name', 'Le nom du lieu doit contenir entre 2 et 120 caractères.'],
    [{ venue_address: 'x' }, 'venue_address', "L'adresse doit contenir entre 2 et 200 caractères."],
    [
      { map_url: 'http://example.cm/plan' },
      'map_url',
      'Le lien du plan doit être une adresse https:// valide.',
    ],
    [
      { contact_phone: '12345' },
      'contact_phone',
      'Numéro de téléphone invalide (9 chiffres requis)',
    ],
    [{ contact_email: 'pas-un-email' }, 'contact_email', 'Adresse email invalide'],
    [{ concert_starts_at: 'demain' }, 'concert_starts_at', 'Date et heure du concert invalides.'],
    [
      { concert_starts_at: '2030-02-30T16:00:00Z' },
      'concert_starts_at',
      'Date et heure du concert invalides.',
    ],
    [
      { concert_starts_at: '2030-04-26T16:00' },
      'concert_starts_at',
      'Date et heure du concert invalides.',
    ],
    [
      { doors_open_at: '2099-01-01T00:00:00Z' },
      'doors_open_at',
      "L'ouverture des portes doit précéder le début du concert.",
    ],
    [
      { reservations_open_at: '2099-01-01T00:00:00Z' },
      'reservations_open_at',
      "L'ouverture des réservations doit précéder le début du concert.",
    ],
    [
      { reservations_close_at: '2099-01-01T00:00:00Z' },
      'reservations_close_at',
      'La clôture des réservations ne peut pas dépasser le début du concert.',
    ],
    [
      { reservations_close_at: '2000-01-01T00:00:00Z' },
      'reservations_close_at',
      'La clôture des réservations doit suivre leur ouverture.',
    ],
    [
      { registration_closes_at: '2000-01-01T00:00:00Z' },
      'registration_closes_at',
      'La clôture des inscriptions doit suivre leur ouverture.',
    ],
    [
      { final_city: ' x ' },
      'final_city',
      'La ville de la finale doit contenir entre 2 et 80 caractères.',
    ],
    [{ final_on: '2030-02-30' }, 'final_on', 'Date de la finale invalide (AAAA-MM-JJ).'],
    [{ final_on: 20300921 }, 'final_on', 'Date de la finale invalide (AAAA-MM-JJ).'],
    [
      { final_on: '2001-01-01' },
      'final_on',
      "La finale doit avoir lieu après l'ouverture des inscriptions.",
    ],
    [{ capacity: 5, id: false }, 'id', "Ce paramètre n'existe pas."],
  ])('refuses %j on its field, in French, and changes nothing', async (payload, field, message) => {
    const before = await backend.sql('select * from edition_settings, contest_settings');
    const { error, status } = await update(payload);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', hint: 'invalid_field', details: field, message });
    expect(await backend.sql('select * from edition_settings, contest_settings')).toEqual(before);
  });

  it('is for admins only', async () => {
    for (const c of [reader, user, backend.anonClient()]) {
      const { error } = await update({ capacity: 7 }, c);
      expect(error?.code).toBe('42501');
    }
    expect(await backend.sql('select capacity from edition_settings')).toEqual([{ capacity: 3 }]);
  });
});
