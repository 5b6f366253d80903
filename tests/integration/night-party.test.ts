import { beforeEach, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';

/**
 * The Night Party's capacity, waitlist and passes (docs/decisions/009-night-party-operations.md),
 * through real supabase-js clients over HTTP against real PostgreSQL. "At once" means one client
 * per request and Promise.all: the requests run side by side on the API's connection pool.
 */
const backend = testBackend();

type Answer = { id: string; pass_code: string; state: string; position: number | null };
type Pass = {
  code: string;
  first_name: string;
  masked_phone: string;
  state: string;
  position: number | null;
  checked_in_at: string | null;
};

const PASS_KEYS = [
  'checked_in_at',
  'code',
  'concert_starts_at',
  'doors_open_at',
  'first_name',
  'map_url',
  'masked_phone',
  'position',
  'state',
  'venue_address',
  'venue_name',
];

let serial = 0;
const reservation = (n = ++serial) => ({
  id: crypto.randomUUID(),
  full_name: `Awa Visiteuse ${n}`,
  phone: `66${String(n).padStart(7, '0')}`,
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
});

/** create_reservation from its own anonymous client, with a fresh proof of work. */
async function reserve(payload: Record<string, unknown>, pow?: string) {
  const { data, error, status } = await backend.anonClient().rpc('create_reservation', {
    payload: { ...payload, pow: pow ?? (await backend.proofOfWork()) },
  });
  return { data: data as Answer | null, error, status };
}

const getPass = async (code: string) => {
  const { data, error } = await backend.anonClient().rpc('get_pass', { code });
  expect(error).toBeNull();
  return data as Pass | null;
};

const cancel = (code: string) => backend.anonClient().rpc('cancel_reservation', { code });

const states = async () =>
  Object.fromEntries(
    (
      await backend.sql<{ state: string; n: number }>(
        'select state, count(*)::int n from reservations group by state',
      )
    ).map((r) => [r.state, r.n]),
  ) as Record<string, number>;

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

describe('capacity and waitlist, with 200 reservations at once on 100 places', () => {
  it('stores exactly 100 confirmed and 100 waitlisted at positions 1 to 100; a cancellation promotes position 1', async () => {
    const payloads = Array.from({ length: 200 }, () => reservation());
    // Proofs of work first, so that the 200 requests leave together.
    const pows = await Promise.all(payloads.map(() => backend.proofOfWork()));
    const results = await Promise.all(payloads.map((p, i) => reserve(p, pows[i])));

    expect(results.filter((r) => r.error)).toEqual([]);
    const answers = results.map((r) => r.data as Answer);
    const confirmed = answers.filter((a) => a.state === 'confirmed');
    const waitlisted = answers.filter((a) => a.state === 'waitlisted');
    expect(confirmed).toHaveLength(100);
    expect(confirmed.every((a) => a.position === null)).toBe(true);
    expect(waitlisted.map((a) => a.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 100 });
    // Every answer is what the database holds, and every code is a distinct 10-character pass.
    const stored = await backend.sql<{ id: string; pass_code: string; state: string }>(
      'select id::text, pass_code, state from reservations',
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const a of answers) {
      expect(byId.get(a.id)).toMatchObject({ pass_code: a.pass_code, state: a.state });
      expect(a.pass_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    }
    expect(new Set(answers.map((a) => a.pass_code)).size).toBe(200);

    // Cancelling a confirmed place promotes position 1 in the same transaction; the others move up.
    const first = waitlisted.find((a) => a.position === 1)!;
    const second = waitlisted.find((a) => a.position === 2)!;
    const last = waitlisted.find((a) => a.position === 100)!;
    const leaving = confirmed[17];
    const { data: cancelled, error } = await cancel(leaving.pass_code.toLowerCase());
    expect(error).toBeNull();
    expect(cancelled).toMatchObject({
      code: leaving.pass_code,
      state: 'cancelled',
      position: null,
    });
    expect(await getPass(first.pass_code)).toMatchObject({ state: 'confirmed', position: null });
    expect(await getPass(second.pass_code)).toMatchObject({ state: 'waitlisted', position: 1 });
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 99 });
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 99, cancelled: 1 });

    // Cancelling twice answers the same and promotes nobody else.
    expect((await cancel(leaving.pass_code)).data).toEqual(cancelled);
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 99, cancelled: 1 });

    // A waitlisted cancellation frees no place: those behind it move up.
    await cancel(second.pass_code);
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 98 });
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 98, cancelled: 2 });

    // Several cancellations at once promote as many, in queue order, never more.
    const third = waitlisted.find((a) => a.position === 3)!;
    const fourth = waitlisted.find((a) => a.position === 4)!;
    const fifth = waitlisted.find((a) => a.position === 5)!;
    await Promise.all(confirmed.slice(30, 33).map((a) => cancel(a.pass_code)));
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 95, cancelled: 5 });
    for (const a of [third, fourth, fifth]) {
      expect(await getPass(a.pass_code)).toMatchObject({ state: 'confirmed' });
    }
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 95 });
  });

  it('counts the overbooking: 10 places + 20 % = 12 confirmed', async () => {
    await backend.setEdition({ capacity: 10, overbooking_percent: 20 });
    const results = await Promise.all(Array.from({ length: 15 }, () => reserve(reservation())));
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(await states()).toEqual({ confirmed: 12, waitlisted: 3 });
  });
});

describe('create_reservation', () => {
  it('answers a retry of the same reservation with the same object, even sent 5 times at once', async () => {
    await backend.setEdition({ capacity: 1 });
    expect((await reserve(reservation())).data?.state).toBe('confirmed');
    const payload = reservation();
    const answers = await Promise.all(Array.from({ length: 5 }, () => reserve(payload)));
    expect(answers.map((a) => a.error)).toEqual(Array(5).fill(null));
    const first = answers[0].data!;
    expect(first).toEqual({
      id: payload.id,
      pass_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{10}$/),
      state: 'waitlisted',
      position: 1,
    });
    for (const a of answers) expect(a.data).toEqual(first);
    expect((await reserve(payload)).data).toEqual(first);
    expect(await states()).toEqual({ confirmed: 1, waitlisted: 1 });
  });

  it('refuses before the opening, in French, with 403 and stores nothing', async () => {
    await backend.setEdition({
      concert_starts_at: '2099-04-26T16:00:00+01:00',
      doors_open_at: '2099-04-26T14:00:00+01:00',
      reservations_open_at: '2099-03-01T09:30:00+01:00',
    });
    const { data, error, status } = await reserve(reservation());
    expect(data).toBeNull();
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: 'P403',
      hint: 'reservations_not_open',
      message:
        'Les réservations ne sont pas encore ouvertes : elles ouvrent le 01/03/2099 à 09h30.',
    });
    expect(await states()).toEqual({});
  });

  it('refuses once the concert has started, and when closed earlier', async () => {
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() - 60_000),
      doors_open_at: new Date(Date.now() - 3_600_000),
      reservations_open_at: new Date(Date.now() - 86_400_000),
    });
    const started = await reserve(reservation());
    expect(started.status).toBe(403);
    expect(started.error).toMatchObject({
      hint: 'reservations_closed',
      message: 'Les réservations sont closes : la Night Party a commencé.',
    });

    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 86_400_000),
      doors_open_at: new Date(Date.now() + 80_000_000),
      reservations_close_at: new Date(Date.now() - 60_000),
    });
    const closed = await reserve(reservation());
    expect(closed.status).toBe(403);
    expect(closed.error).toMatchObject({
      hint: 'reservations_closed',
      message: 'Les réservations sont closes.',
    });
    expect(await states()).toEqual({});
  });

  it('still answers a retry of a reservation stored before the close', async () => {
    const payload = reservation();
    const before = await reserve(payload);
    await backend.setEdition({ reservations_close_at: new Date(Date.now() - 1000) });
    expect(await reserve(payload)).toMatchObject({ data: before.data, error: null });
  });
});

describe('the pass', () => {
  it('is read with its code only (any case, spaces and dashes), and says no more than the holder needs', async () => {
    const payload = {
      ...reservation(),
      full_name: 'Awa Ngono Mballa',
      phone: '677123456',
      ville: 'Kribi',
    };
    const { data } = await reserve(payload);
    const code = data!.pass_code;
    const pass = await getPass(
      `${code.slice(0, 3).toLowerCase()} ${code.slice(3, 6)}-${code.slice(6)}`,
    );
    expect(Object.keys(pass!).sort()).toEqual(PASS_KEYS);
    expect(pass).toMatchObject({
      code,
      first_name: 'Awa',
      masked_phone: '6•• •• •• 56',
      state: 'confirmed',
      position: null,
      checked_in_at: null,
      venue_name: 'Palais des Sports de Yaoundé',
    });
    expect(JSON.stringify(pass)).not.toMatch(/Ngono|Mballa|677123456|Kribi|social/);
  });

  it('answers null for an unknown or malformed code', async () => {
    await reserve(reservation());
    for (const code of ['ABCDEFGHJK', '', 'O0O0O0O0O0', "' or 1=1 --", 'x'.repeat(1000)]) {
      expect(await getPass(code)).toBeNull();
    }
  });

  it('cannot be cancelled with an unknown code (404) nor once checked in (409)', async () => {
    const unknown = await cancel('ABCDEFGHJK');
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      hint: 'pass_unknown',
      message: 'Pass inconnu : vérifiez le code.',
    });

    const { data } = await reserve(reservation());
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [data!.id],
    );
    const entered = await cancel(data!.pass_code);
    expect(entered.status).toBe(409);
    expect(entered.error).toMatchObject({ hint: 'pass_checked_in' });
    expect(await getPass(data!.pass_code)).toMatchObject({ state: 'checked_in' });
  });

  it('cancellations are rate-limited per address, unknown codes included', async () => {
    await backend.sql(`update private.rate_limits set max_per_address = 3 where action = 'cancel'`);
    try {
      const { data } = await reserve(reservation());
      for (let i = 0; i < 3; i++) expect((await cancel('ABCDEFGHJK')).status).toBe(404);
      const refused = await cancel(data!.pass_code);
      expect(refused.status).toBe(429);
      expect(refused.error).toMatchObject({ hint: 'rate_limited' });
      expect(await getPass(data!.pass_code)).toMatchObject({ state: 'confirmed' });
    } finally {
      await backend.sql(
        `update private.rate_limits set max_per_address = 100000 where action = 'cancel'`,
      );
    }
  });
});

describe('who cancels a pass (finding 3 of the trust review)', () => {
  it('the holder: one journal row, "Annulé par le titulaire", without actor nor personal data', async () => {
    const { data } = await reserve({
      ...reservation(),
      full_name: 'Awa Ngono',
      phone: '677123499',
    });
    const before = await backend.sql<{ id: number }>(
      'select coalesce(max(id), 0) id from audit_log',
    );
    expect((await cancel(data!.pass_code)).error).toBeNull();
    // Cancelling again changes nothing: no second row.
    expect((await cancel(data!.pass_code)).error).toBeNull();
    const rows = await backend.sql(
      `select actor, actor_email, action, entity, entity_id, summary, before, after
         from audit_log where id > $1 order by id`,
      [before[0].id],
    );
    expect(rows).toEqual([
      {
        actor: null,
        actor_email: null,
        action: 'reservation.cancel',
        entity: 'reservation',
        entity_id: data!.id,
        summary: 'Annulé par le titulaire',
        before: { state: 'confirmed' },
        after: { state: 'cancelled' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Awa|Ngono|677123499|FETE|[2-9A-HJKMNP-Z]{10}/);
  });

  it('refuses any signed-in caller (staff cancel from the administration) and changes nothing', async () => {
    const { data } = await reserve(reservation());
    await backend.createUser('np-admin@example.cm', 'np-admin-password', { admin: true });
    await backend.createUser('np-lecteur@example.cm', 'np-lecteur-password', { role: 'lecteur' });
    await backend.createUser('np-porte@example.cm', 'np-porte-password', { role: 'controle' });
    await backend.createUser('np-user@example.cm', 'np-user-password');
    for (const who of ['np-admin', 'np-lecteur', 'np-porte', 'np-user']) {
      const c = await backend.signedInClient(`${who}@example.cm`, `${who}-password`);
      const { error, status } = await c.rpc('cancel_reservation', { code: data!.pass_code });
      expect(status, who).toBe(403);
      expect(error, who).toMatchObject({
        code: '42501',
        hint: 'staff_cancel_from_admin',
        message:
          "Vous êtes connecté avec un compte de l'organisation : annulez cette réservation depuis l'administration (page Réservations).",
      });
    }
    expect(await getPass(data!.pass_code)).toMatchObject({ state: 'confirmed' });
    expect(
      await backend.sql(`select count(*)::int n from audit_log where entity_id = $1`, [data!.id]),
    ).toEqual([{ n: 0 }]);
  });
});

describe('edition_info', () => {
  const info = async () => {
    const { data, error } = await backend.anonClient().rpc('edition_info');
    expect(error).toBeNull();
    return data as Record<string, unknown>;
  };

  it('tells anyone the public facts, the window and the places left', async () => {
    await backend.setEdition({ capacity: 2 });
    expect(await info()).toMatchObject({
      venue_name: 'Palais des Sports de Yaoundé',
      contact_email: 'contact@booster-challenge.cm',
      reservation_state: 'open',
      places_left: 2,
      waitlist_open: false,
    });
    expect(Object.keys(await info())).not.toContain('capacity');
    await reserve(reservation());
    await reserve(reservation());
    await reserve(reservation());
    expect(await info()).toMatchObject({ places_left: 0, waitlist_open: true });

    await backend.setEdition({ reservations_open_at: new Date(Date.now() + 3_600_000) });
    expect(await info()).toMatchObject({ reservation_state: 'not_open', waitlist_open: false });
    await backend.setEdition({
      reservations_open_at: new Date(Date.now() - 86_400_000),
      reservations_close_at: new Date(Date.now() - 60_000),
    });
    expect(await info()).toMatchObject({ reservation_state: 'closed' });
    await backend.setEdition({
      reservations_close_at: null,
      concert_starts_at: new Date(Date.now() - 1000),
      doors_open_at: new Date(Date.now() - 3_600_000),
    });
    expect(await info()).toMatchObject({ reservation_state: 'past' });
  });

  it('tells the contest’s window, the final and the edition’s year: the final’s (ADR 024)', async () => {
    await backend.sql(`update contest_settings set registration_opens_at = '2031-06-15 00:00+01',
      registration_closes_at = '2031-07-30 23:59+01', final_city = 'Kribi', final_on = '2032-01-10'`);
    expect(await info()).toMatchObject({
      registration_opens_at: '2031-06-14T23:00:00+00:00',
      registration_closes_at: '2031-07-30T22:59:00+00:00',
      final_city: 'Kribi',
      final_on: '2032-01-10',
      edition_year: 2032,
    });
  });
});
