/**
 * The Night Party's capacity, waitlist and passes (docs/decisions/009-night-party-operations.md),
 * through real supabase-js clients over HTTP against real PostgreSQL. "At once" means one client
 * per request and Promise.all: the requests run side by side on the API's connection pool.
 * Here: the pass, who cancels it, and edition_info.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  PASS_KEYS,
  reservation,
  reserve,
  getPass,
  cancel,
  resetNightPartyBeforeEach,
} from './support/night-party';

resetNightPartyBeforeEach();

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
      message: 'Pass inconnu : vérifiez le code.',
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
          'Vous êtes connecté avec un compte de l’organisation : annulez cette réservation depuis l’administration (page Réservations).',
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
