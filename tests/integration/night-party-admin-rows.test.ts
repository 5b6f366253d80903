/**
 * The Night Party in the admin area (docs/decisions/009-night-party-operations.md): the
 * settings, row actions, the capacity figures and the attendance report, for admins and
 * readers (lecteur), through real supabase-js.
 * Here: the staff role, row actions, the capacity figures and the attendance report.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  admin,
  reader,
  user,
  signInStaffAndClearReservations,
  row,
} from './support/night-party-admin';

signInStaffAndClearReservations();

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
