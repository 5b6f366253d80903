import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';

/**
 * Row-level security matrix (DESIGN.md §2): anon, a signed-in non-admin and an admin, against
 * every table, for select / insert / update / delete, through real supabase-js. Each cell checks
 * what the API answered AND what the database holds afterwards (as superuser).
 */
type Role = 'anon' | 'user' | 'admin';
type Op = 'select' | 'insert' | 'update' | 'delete';
type Table =
  'participants' | 'team_members' | 'reservations' | 'contact_messages' | 'contest_settings';

// 'yes' = the operation takes effect / rows are visible; 'no' = refused or sees/changes nothing.
const MATRIX: Record<Table, Record<Role, Record<Op, 'yes' | 'no'>>> = {
  participants: {
    anon: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    user: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    // Admins create participants only through register_participant (the public path).
    admin: { select: 'yes', insert: 'no', update: 'yes', delete: 'yes' },
  },
  team_members: {
    anon: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    user: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    admin: { select: 'yes', insert: 'yes', update: 'yes', delete: 'yes' },
  },
  // Visitors write reservations and messages through create_reservation / send_contact_message
  // (proof of work, rate limit): nobody inserts into the tables directly.
  reservations: {
    anon: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    user: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    // Reservations are read-only in the admin area.
    admin: { select: 'yes', insert: 'no', update: 'no', delete: 'no' },
  },
  contact_messages: {
    anon: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    user: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    admin: { select: 'yes', insert: 'no', update: 'no', delete: 'yes' },
  },
  contest_settings: {
    anon: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    user: { select: 'no', insert: 'no', update: 'no', delete: 'no' },
    admin: { select: 'yes', insert: 'no', update: 'yes', delete: 'no' },
  },
};

const backend = testBackend();
const clients = {} as Record<Role, SupabaseClient>;
let seq = 0;
const uuid = () => crypto.randomUUID();
const phone = () => `6${String(10_000_000 + ++seq).padStart(8, '0')}`;

/** A participant (team of 3), a reservation and a contact message, written as superuser. */
async function fixture() {
  const pid = uuid();
  const mid = uuid();
  const rid = uuid();
  const cid = uuid();
  await backend.sql(
    `begin;
     insert into participants (id, full_name, email, phone, city, region, category, participation_type, team_name, agree_to_terms)
       values ('${pid}', 'Awa Ngono', 'awa${seq}@example.cm', '${phone()}', 'Douala', 'Littoral', 'dance', 'team', 'Les Lions', true);
     insert into team_members (participant_id, position, full_name, phone) values ('${pid}', 1, 'Jean Mbarga', '${phone()}');
     insert into team_members (id, participant_id, position, full_name, phone) values ('${mid}', '${pid}', 2, 'Lea Fotso', '${phone()}');
     insert into reservations (id, full_name, phone, ville, heard_from) values ('${rid}', 'Marie Nana', '${phone()}', 'Yaoundé', 'social');
     insert into contact_messages (id, name, email, subject, message) values ('${cid}', 'Paul', 'paul@example.cm', 'Question', 'Bonjour, une question.');
     commit;`,
  );
  return { pid, mid, rid, cid };
}

const count = async (sql: string) => Number((await backend.sql(sql))[0].n);

type Cell = { run: (c: SupabaseClient) => Promise<unknown>; effect: () => Promise<boolean> };

async function cell(table: Table, op: Op): Promise<Cell> {
  const { pid, mid, rid, cid } = await fixture();
  const idOf: Record<Table, string> = {
    participants: pid,
    team_members: mid,
    reservations: rid,
    contact_messages: cid,
    contest_settings: 'true',
  };
  const key = 'id';
  const newId = uuid();
  const insertRow: Record<Table, Record<string, unknown>> = {
    participants: {
      id: newId,
      full_name: 'Intrus Test',
      email: `intrus${seq}@example.cm`,
      phone: phone(),
      city: 'Douala',
      region: 'Littoral',
      category: 'dance',
      participation_type: 'solo',
      agree_to_terms: true,
    },
    team_members: {
      id: newId,
      participant_id: pid,
      position: 3,
      full_name: 'Nouveau Membre',
      phone: phone(),
    },
    reservations: {
      id: newId,
      full_name: 'Nouvelle Personne',
      phone: phone(),
      ville: 'Douala',
      heard_from: 'flyer',
    },
    contact_messages: {
      id: newId,
      name: 'Test',
      email: 't@example.cm',
      subject: 'Sujet',
      message: 'Un message assez long.',
    },
    contest_settings: {
      id: true,
      registration_opens_at: '2030-01-01',
      registration_closes_at: '2030-02-01',
      max_participants: 5,
    },
  };
  const update: Record<Table, [string, unknown]> = {
    participants: ['city', 'Changé'],
    team_members: ['full_name', 'Changé Nom'],
    reservations: ['ville', 'Changé'],
    contact_messages: ['subject', 'Changé'],
    contest_settings: ['max_participants', 7],
  };
  const where = `${key} = '${idOf[table]}'`;
  const [col, val] = update[table];
  switch (op) {
    case 'select':
      return {
        run: async (c) => {
          const { data, error } = await c.from(table).select('*').eq(key, idOf[table]);
          return error ? [] : data;
        },
        effect: async () => false,
      };
    case 'insert':
      return {
        run: async (c) => c.from(table).insert(insertRow[table], { returning: 'minimal' } as never),
        effect: async () =>
          (await count(
            `select count(*) n from ${table} where ${table === 'contest_settings' ? 'max_participants = 5' : `id = '${newId}'`}`,
          )) > 0,
      };
    case 'update':
      return {
        run: async (c) =>
          c
            .from(table)
            .update({ [col]: val })
            .eq(key, idOf[table]),
        effect: async () =>
          (await count(`select count(*) n from ${table} where ${where} and ${col} = '${val}'`)) > 0,
      };
    case 'delete':
      return {
        run: async (c) => c.from(table).delete().eq(key, idOf[table]),
        effect: async () => (await count(`select count(*) n from ${table} where ${where}`)) === 0,
      };
  }
}

beforeAll(async () => {
  await backend.createUser('user@example.cm', 'user-password-123', { admin: false });
  await backend.createUser('admin@example.cm', 'admin-password-123', { admin: true });
  clients.anon = backend.anonClient();
  clients.user = await backend.signedInClient('user@example.cm', 'user-password-123');
  clients.admin = await backend.signedInClient('admin@example.cm', 'admin-password-123');
});

describe.each(Object.keys(MATRIX) as Table[])('RLS on %s', (table) => {
  it.each(['anon', 'user', 'admin'] as Role[])(
    '%s gets exactly the access of DESIGN.md §2',
    async (role) => {
      const seen: Record<Op, 'yes' | 'no'> = {
        select: 'no',
        insert: 'no',
        update: 'no',
        delete: 'no',
      };
      for (const op of ['select', 'insert', 'update', 'delete'] as Op[]) {
        const c = await cell(table, op);
        const result = await c.run(clients[role]);
        const took =
          op === 'select' ? Array.isArray(result) && result.length > 0 : await c.effect();
        seen[op] = took ? 'yes' : 'no';
      }
      expect(seen).toEqual(MATRIX[table][role]);
    },
  );
});
