/**
 * The Night Party in the admin area (docs/decisions/009-night-party-operations.md): the
 * settings, row actions, the capacity figures and the attendance report, for admins and
 * readers (lecteur), through real supabase-js.
 * Here: the settings (admin_update_settings).
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
    [{ venue_address: 'x' }, 'venue_address', 'L’adresse doit contenir entre 2 et 200 caractères.'],
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
      'L’ouverture des portes doit précéder le début du concert.',
    ],
    [
      { reservations_open_at: '2099-01-01T00:00:00Z' },
      'reservations_open_at',
      'L’ouverture des réservations doit précéder le début du concert.',
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
      'La finale doit avoir lieu après l’ouverture des inscriptions.',
    ],
    [{ capacity: 5, id: false }, 'id', 'Ce paramètre n’existe pas.'],
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
