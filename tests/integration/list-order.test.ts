import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '@/data/staff/admin-auth';
import { listParticipants } from '@/data/participants/list-participants';
import { listReservations } from '@/data/reservations/list-reservations';
import { testBackend } from '../setup/test-backend';

/**
 * The admin lists sort names and places as a French reader expects (accented initials with
 * their letter, not after Z), through the data module and the real database's collation.
 */
const backend = testBackend();
const NAMES = ['Zoé Abena', 'Édith Nkoulou', 'arnaud Etoa', 'Aïcha Bello', 'Eric Manga'];
const FRENCH_ORDER = ['Aïcha Bello', 'arnaud Etoa', 'Édith Nkoulou', 'Eric Manga', 'Zoé Abena'];

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  for (const [i, name] of NAMES.entries()) {
    await backend.sql(
      `insert into participants (full_name, email, phone, city, region, category,
         participation_type, agree_to_terms)
       values ($1, $2, $3, $4, 'Littoral', 'dance', 'solo', true)`,
      [
        name,
        `p${i}@example.cm`,
        `69000000${i}`,
        ['Édéa', 'Yaoundé', 'Bafia', 'Ébolowa', 'Douala'][i],
      ],
    );
    await backend.sql(
      `insert into reservations (full_name, phone, ville, attendance_status, heard_from,
         will_attend, attendance_barrier, follows_booster_page, consumes_booster_products)
       values ($1, $2, $3, 'yes', 'social', 'yes', 'none', 'yes', 'yes')`,
      [name, `67000000${i}`, ['Édéa', 'Yaoundé', 'Bafia', 'Ébolowa', 'Douala'][i]],
    );
  }
  await signInAdmin('chef@example.cm', 'chef-password-123');
});

describe('French order of the admin lists', () => {
  it('sorts participants by name A to Z and Z to A', async () => {
    const asc = await listParticipants({}, 0, 10, { column: 'full_name', ascending: true });
    expect(asc.rows.map((p) => p.fullName)).toEqual(FRENCH_ORDER);
    const desc = await listParticipants({}, 0, 10, { column: 'full_name', ascending: false });
    expect(desc.rows.map((p) => p.fullName)).toEqual([...FRENCH_ORDER].reverse());
  });

  it('sorts reservations by city', async () => {
    const page = await listReservations({}, 0, 10, { column: 'ville', ascending: true });
    expect(page.rows.map((r) => r.ville)).toEqual([
      'Bafia',
      'Douala',
      'Ébolowa',
      'Édéa',
      'Yaoundé',
    ]);
  });
});
