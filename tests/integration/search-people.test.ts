import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSupabase } from '@/data/shared/supabase';
import { fetchAllParticipants, listParticipants } from '@/data/participants/list-participants';
import { registrationReference } from '@/lib/registration-reference';
import { testBackend } from '../setup/test-backend';

/**
 * Search that finds people (issue 27, item 3; docs/decisions/022-search-people.md): accents and
 * case ignored, a phone as the list shows it or with +237, team names, members' names and
 * e-mails, through public.search_participants with the filters, order, paging and exact count;
 * a reader (lecteur) finds only by what the masked list shows.
 */
const backend = testBackend();
const ADMIN = { email: 'admin@example.cm', password: 'admin-password-123' };
const READER = { email: 'lecteur@example.cm', password: 'lecteur-password-123' };

type Row = { id: string; full_name: string; email: string; phone: string; team_members: unknown };
type Result = { total: number; more: boolean; rows: Row[] };

let admin: SupabaseClient;
let reader: SupabaseClient;

const search = async (client: SupabaseClient, args: Record<string, unknown>) => {
  const { data, error } = await client.rpc('search_participants', args);
  if (error) throw error;
  return data as Result;
};
const names = async (client: SupabaseClient, term: string) =>
  (await search(client, { search: term })).rows.map((r) => r.full_name).sort();

beforeAll(async () => {
  await backend.createUser(ADMIN.email, ADMIN.password, { admin: true });
  await backend.createUser(READER.email, READER.password, { role: 'lecteur' });
  await backend.createUser('porte@example.cm', 'porte-password-123', { role: 'controle' });
  await backend.sql(`begin;
    insert into participants (id, full_name, email, phone, city, region, category,
      participation_type, team_name, agree_to_terms, created_at) values
      ('a0000000-0000-4000-8000-000000000001', 'Hervé Kamga', 'herve.kamga@example.cm',
       '670002026', 'Douala', 'Littoral', 'dance', 'solo', null, true, now() - interval '1 hour'),
      ('a0000000-0000-4000-8000-000000000002', 'Jean Fotso', 'jean.fotso@mail.cm',
       '655443322', 'Yaoundé', 'Centre', 'singing', 'team', 'Les Étoiles de Douala', true,
       now() - interval '2 hours'),
      ('a0000000-0000-4000-8000-000000000003', 'Zoé Binned', 'zoe@example.cm',
       '677889900', 'Douala', 'Littoral', 'dance', 'solo', null, true, now() - interval '3 hours');
    insert into team_members (participant_id, position, full_name, email, phone) values
      ('a0000000-0000-4000-8000-000000000002', 1, 'Aïcha Ndiaye', 'aicha.ndiaye@example.cm',
       '691112233');
    insert into participants (full_name, email, phone, city, region, category,
      participation_type, agree_to_terms, created_at)
    select 'Nadège Essomba ' || g, 'nadege' || g || '@example.cm', '62' || lpad(g::text, 7, '0'),
           'Bafoussam', case when g % 2 = 0 then 'Ouest' else 'Centre' end,
           case when g % 3 = 0 then 'singing' else 'dance' end, 'solo', true,
           now() - interval '1 day' - g * interval '1 minute'
      from generate_series(1, 30) g;
    update participants set deleted_at = now() where full_name = 'Zoé Binned';
    commit;`);
  admin = await backend.signedInClient(ADMIN.email, ADMIN.password);
  reader = await backend.signedInClient(READER.email, READER.password);
});

describe('search_participants, as an admin', () => {
  it('ignores accents and case', async () => {
    expect(await names(admin, 'herve')).toEqual(['Hervé Kamga']);
    expect(await names(admin, 'HERVÉ')).toEqual(['Hervé Kamga']);
    expect(await names(admin, 'nadege essomba 17')).toEqual(['Nadège Essomba 17']);
    // Every word, in any order.
    expect(await names(admin, 'kamga  Herve')).toEqual(['Hervé Kamga']);
  });

  it('finds a phone whatever the spaces or +237', async () => {
    for (const typed of [
      '6 70 00 20 26',
      '670002026',
      '+237 6 70 00 20 26',
      '+237670002026',
      '00237 670 002 026',
      '70 00 20',
    ]) {
      expect(await names(admin, typed), typed).toEqual(['Hervé Kamga']);
    }
  });

  it('finds team names, members’ names, e-mails and phones', async () => {
    expect(await names(admin, 'etoiles')).toEqual(['Jean Fotso']);
    expect(await names(admin, 'aicha')).toEqual(['Jean Fotso']);
    expect(await names(admin, 'Aïcha NDIAYE')).toEqual(['Jean Fotso']);
    expect(await names(admin, 'aicha.ndiaye@')).toEqual(['Jean Fotso']);
    expect(await names(admin, '6 91 11 22 33')).toEqual(['Jean Fotso']);
    expect(await names(admin, 'herve.kamga@example')).toEqual(['Hervé Kamga']);
    // Words found in different places (the team and a member) still find the registration.
    expect(await names(admin, 'douala aicha')).toEqual(['Jean Fotso']);
  });

  it('finds the registration reference a participant quotes (issue 40, item 5)', async () => {
    // The reference /success shows (src/lib/registration-reference.ts): the id's first 8
    // characters, upper case. Digits only, it must not be read as a phone.
    await backend.sql(`insert into participants (id, full_name, email, phone, city, region,
      category, participation_type, agree_to_terms) values
      ('5ff79d36-1c2b-4d3e-8f40-0000000000aa', 'Brice Reference', 'brice@example.cm',
       '699000111', 'Douala', 'Littoral', 'dance', 'solo', true),
      ('12345678-1c2b-4d3e-8f40-0000000000bb', 'Carine Chiffres', 'carine@example.cm',
       '699000222', 'Douala', 'Littoral', 'dance', 'solo', true)`);
    try {
      expect(registrationReference('5ff79d36-1c2b-4d3e-8f40-0000000000aa')).toBe('5FF79D36');
      expect(await names(admin, '5FF79D36')).toEqual(['Brice Reference']);
      expect(await names(admin, ' 5ff79d36 ')).toEqual(['Brice Reference']);
      expect(await names(admin, '12345678')).toEqual(['Carine Chiffres']);
      expect(await names(reader, '5FF79D36')).toEqual(['Brice Reference']);
    } finally {
      await backend.sql(`delete from participants where email in
        ('brice@example.cm', 'carine@example.cm')`);
    }
  });

  it('gives the real contacts and the members', async () => {
    const { rows } = await search(admin, { search: 'aicha' });
    expect(rows[0]).toMatchObject({ email: 'jean.fotso@mail.cm', phone: '655443322' });
    expect(rows[0].team_members).toEqual([
      expect.objectContaining({ full_name: 'Aïcha Ndiaye', phone: '691112233' }),
    ]);
  });

  it('leaves the bin out', async () => {
    expect(await names(admin, 'zoe')).toEqual([]);
    expect(await names(admin, '677889900')).toEqual([]);
  });

  it('follows every change: a restored participant, a renamed member', async () => {
    await backend.sql(`update participants set deleted_at = null where full_name = 'Zoé Binned'`);
    expect(await names(admin, 'zoe binned')).toEqual(['Zoé Binned']);
    await backend.sql(`update participants set deleted_at = now() where full_name = 'Zoé Binned'`);
    expect(await names(admin, 'zoe binned')).toEqual([]);
    await backend.sql(`update team_members set full_name = 'Aïcha Ngo Ndiaye'
                        where phone = '691112233'`);
    expect(await names(admin, 'ngo ndiaye')).toEqual(['Jean Fotso']);
    expect(await names(reader, 'aicha ngo')).toEqual(['Jean Fotso']);
    await backend.sql(`update team_members set full_name = 'Aïcha Ndiaye'
                        where phone = '691112233'`);
  });

  it('keeps the filters, the order, the paging and the exact count', async () => {
    const page2 = await search(admin, {
      search: 'nadege',
      region: 'Centre',
      sort: 'full_name',
      ascending: true,
      page: 1,
      page_size: 5,
    });
    expect(page2.total).toBe(15);
    // By name (as text) for the odd n (Centre): 1, 11, 13, 15, 17 | 19, 21, 23, 25, 27 | …
    expect(page2.rows.map((r) => r.full_name)).toEqual([
      'Nadège Essomba 19',
      'Nadège Essomba 21',
      'Nadège Essomba 23',
      'Nadège Essomba 25',
      'Nadège Essomba 27',
    ]);
    const newest = await search(admin, { search: 'essomba', category: 'singing', page_size: 3 });
    expect(newest.total).toBe(10);
    expect(newest.rows.map((r) => r.full_name)).toEqual([
      'Nadège Essomba 3',
      'Nadège Essomba 6',
      'Nadège Essomba 9',
    ]);
    const past = await search(admin, { search: 'essomba', page: 9 });
    expect(past).toEqual({ total: 30, more: false, rows: [] });
  });

  it('counts up to 1,000 matches and says there are more, yet every page still comes', async () => {
    // 1,000 "Mbarga" exactly, and 1,001 "Moukoko": the count stops at 1,000 (issue 27, item 3).
    await backend.sql(`insert into participants (full_name, email, phone, city, region, category,
        participation_type, agree_to_terms, created_at)
      select case when g <= 1000 then 'Paul Mbarga ' else 'Paul Moukoko ' end || g,
             'paul' || g || '@example.cm', '65' || lpad(g::text, 7, '0'), 'Garoua', 'Nord',
             'dance', 'solo', true, now() - interval '2 days' - g * interval '1 second'
        from generate_series(1, 2001) g`);
    try {
      const exact = await search(admin, { search: 'mbarga', page_size: 10 });
      expect(exact).toMatchObject({ total: 1000, more: false });
      const many = await search(admin, { search: 'moukoko', page_size: 10 });
      expect(many).toMatchObject({ total: 1000, more: true });
      expect(many.rows.map((r) => r.full_name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Paul Moukoko ${1001 + i}`),
      );
      // Past the count, the name order walks its index: still the right page.
      const byName = await search(admin, {
        search: 'moukoko',
        sort: 'full_name',
        ascending: false,
        page: 1,
        page_size: 3,
      });
      expect(byName.rows.map((r) => r.full_name)).toEqual([
        'Paul Moukoko 1998',
        'Paul Moukoko 1997',
        'Paul Moukoko 1996',
      ]);
      const last = await search(admin, { search: 'moukoko', page: 100, page_size: 10 });
      expect(last.rows.map((r) => r.full_name)).toEqual(['Paul Moukoko 2001']);
      const readerSees = await search(reader, { search: 'moukoko', page_size: 10 });
      expect(readerSees).toMatchObject({ total: 1000, more: true });

      // The list's export reads past the count: all 1,001.
      const supabase = await getSupabase();
      const { error } = await supabase.auth.signInWithPassword(ADMIN);
      expect(error).toBeNull();
      try {
        const page = await listParticipants({ search: 'Moukoko' }, 0, 10);
        expect(page).toMatchObject({ total: 1000, more: true });
        expect(await fetchAllParticipants({ search: 'Moukoko' })).toHaveLength(1001);
      } finally {
        await supabase.auth.signOut();
      }
    } finally {
      await backend.sql(`delete from participants where full_name like 'Paul M%'`);
    }
  });

  it('takes LIKE and PostgREST characters literally', async () => {
    expect(await names(admin, '%')).toEqual([]);
    expect(await names(admin, '_')).toEqual([]);
    expect(await names(admin, 'x,id.neq.0)')).toEqual([]);
  });

  it('refuses a bad page size in French', async () => {
    const { error } = await admin.rpc('search_participants', { search: 'a', page_size: 0 });
    expect(error?.message).toBe('Une page compte de 1 à 1 000 lignes.');
  });

  it('is what the participants list and its export use (data module)', async () => {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    try {
      const page = await listParticipants({ search: '+237 6 91 11 22 33' }, 0, 10);
      expect(page.total).toBe(1);
      expect(page.rows[0]).toMatchObject({
        fullName: 'Jean Fotso',
        teamName: 'Les Étoiles de Douala',
      });
      expect(page.rows[0].teamMembers).toEqual([
        expect.objectContaining({ fullName: 'Aïcha Ndiaye', email: 'aicha.ndiaye@example.cm' }),
      ]);
      const all = await fetchAllParticipants({ search: 'nadège', region: 'Ouest' });
      expect(all).toHaveLength(15);
    } finally {
      await supabase.auth.signOut();
    }
  });
});

describe('search_participants, as a reader (lecteur)', () => {
  it('finds names, team names and members’ names, accents and case ignored', async () => {
    expect(await names(reader, 'HERVE')).toEqual(['Hervé Kamga']);
    expect(await names(reader, 'etoiles')).toEqual(['Jean Fotso']);
    expect(await names(reader, 'aicha')).toEqual(['Jean Fotso']);
  });

  it('returns the masked rows only', async () => {
    const { rows } = await search(reader, { search: 'aicha' });
    expect(rows[0].email).toBe('j•••@mail.cm');
    expect(rows[0].phone).toBe('6•• •• •• 22');
    expect(JSON.stringify(rows)).not.toMatch(/655443322|691112233|aicha\.ndiaye@/);
  });

  it('never matches what the masked list hides', async () => {
    // The whole phone, a middle part, the +237 form: nothing, though an admin finds them.
    for (const typed of ['670002026', '6 70 00 20 26', '+237 670002026', '700020', '691112233']) {
      expect(await names(reader, typed), typed).toEqual([]);
    }
    // The hidden part of an e-mail (its local part past the first letter).
    expect(await names(reader, 'herve.kamga')).toEqual([]);
    expect(await names(reader, 'ndiaye@')).toEqual([]);
    // What the masked list shows is found: the e-mail's domain.
    expect(await names(reader, 'mail.cm')).toEqual(['Jean Fotso']);
  });
});

describe('search_participants, other callers', () => {
  it('refuses visitors and door staff', async () => {
    const anon = await backend.anonClient().rpc('search_participants', { search: 'herve' });
    expect(anon.error).not.toBeNull();
    const door = await backend.signedInClient('porte@example.cm', 'porte-password-123');
    const { error } = await door.rpc('search_participants', { search: 'herve' });
    expect(error?.code).toBe('42501');
  });
});
