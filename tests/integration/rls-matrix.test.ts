import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';

/**
 * Row-level security matrix (DESIGN.md §2): anon, a signed-in non-staff user and each staff role
 * (lecteur: reads lists and statistics, contact details masked; controle: door check-in only;
 * regie: the public vote's control desk, nothing personal; admin), against every table, for select / insert / update / delete, and against every
 * function, through real supabase-js. Each table cell checks what the API answered AND what the
 * database holds afterwards (as superuser). Every write, even an admin's, goes through a function
 * that writes its audit row (docs/decisions/010-organiser-workspace.md): no table takes a direct
 * write.
 */
type Role = 'anon' | 'user' | 'lecteur' | 'controle' | 'regie' | 'admin';
const ROLES: Role[] = ['anon', 'user', 'lecteur', 'controle', 'regie', 'admin'];
type Op = 'select' | 'insert' | 'update' | 'delete';
type Table =
  | 'participants'
  | 'team_members'
  | 'reservations'
  | 'contact_messages'
  | 'contest_settings'
  | 'edition_settings'
  | 'audit_log'
  | 'participant_status_history'
  | 'participant_directory'
  | 'reservation_directory'
  | 'surge_alerts'
  | 'vote_rounds'
  | 'vote_candidates'
  | 'votes';

const NONE = { select: 'no', insert: 'no', update: 'no', delete: 'no' } as const;
const READ = { select: 'yes', insert: 'no', update: 'no', delete: 'no' } as const;
const NOBODY = {
  anon: NONE,
  user: NONE,
  lecteur: NONE,
  controle: NONE,
  regie: NONE,
  admin: NONE,
} as const;

// 'yes' = the operation takes effect / rows are visible; 'no' = refused or sees/changes nothing.
const MATRIX: Record<Table, Record<Role, Record<Op, 'yes' | 'no'>>> = {
  // Readers read participant_directory (contacts masked), never this table. Admins edit, bin
  // and restore through functions (admin_update_participant, admin_delete_participant…).
  participants: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  team_members: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Visitors write reservations and messages through create_reservation / send_contact_message
  // (proof of work, rate limit): nobody inserts into the tables directly.
  // Readers read reservation_directory (no pass code, phone masked): a pass code cancels its
  // pass (docs/decisions/017-roles-and-door-window.md).
  reservations: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    // Door staff read a pass holder's first name and masked phone through check_in only.
    controle: NONE,
    regie: NONE,
    // Reservations change through functions only (cancel, check-in): read-only as a table.
    admin: READ,
  },
  // The inbox: admins mark messages handled through admin_set_message_handled.
  contact_messages: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  contest_settings: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Visitors read the public facts through edition_info(); admins write through
  // admin_update_settings() (every field checked).
  edition_settings: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Written by the database only (private.audit), read by admins.
  audit_log: { anon: NONE, user: NONE, lecteur: NONE, controle: NONE, regie: NONE, admin: READ },
  participant_status_history: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Kept by triggers from participants and team_members.
  participant_directory: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Kept by triggers from reservations.
  reservation_directory: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    admin: READ,
  },
  // Written by the database when a public write surges (private.note_surge); read on the
  // dashboard by admins and readers.
  surge_alerts: { anon: NONE, user: NONE, lecteur: READ, controle: NONE, regie: NONE, admin: READ },
  // The public vote (docs/decisions/030-public-vote.md): no grant at all, reached only through
  // its functions (cast_vote, vote_state, vote_screen_state, the régie's and the admins').
  vote_rounds: NOBODY,
  vote_candidates: NOBODY,
  votes: NOBODY,
};

const backend = testBackend();
const clients = {} as Record<Role, SupabaseClient>;
let seq = 0;
const uuid = () => crypto.randomUUID();
const phone = () => `6${String(10_000_000 + ++seq).padStart(8, '0')}`;

/**
 * A participant (team of 3, with a status change), a reservation, a contact message and an audit
 * row, written as superuser (the directory row follows by trigger).
 */
async function fixture() {
  const pid = uuid();
  const mid = uuid();
  const rid = uuid();
  const cid = uuid();
  const [{ aid, hid }] = await backend.sql<{ aid: string; hid: string }>(
    `begin;
     insert into participants (id, full_name, email, phone, city, region, category, participation_type, team_name, agree_to_terms)
       values ('${pid}', 'Awa Ngono', 'awa${seq}@example.cm', '${phone()}', 'Douala', 'Littoral', 'dance', 'team', 'Les Lions', true);
     insert into team_members (participant_id, position, full_name, phone) values ('${pid}', 1, 'Jean Mbarga', '${phone()}');
     insert into team_members (id, participant_id, position, full_name, phone) values ('${mid}', '${pid}', 2, 'Lea Fotso', '${phone()}');
     insert into reservations (id, full_name, phone, ville, heard_from) values ('${rid}', 'Marie Nana', '${phone()}', 'Yaoundé', 'social');
     insert into contact_messages (id, name, email, subject, message) values ('${cid}', 'Paul', 'paul@example.cm', 'Question', 'Bonjour, une question.');
     commit;
     with a as (insert into audit_log (action, entity, summary)
                values ('export', 'participants', 'Export « participants » : 1 ligne') returning id),
          h as (insert into participant_status_history (participant_id, from_status, to_status)
                values ('${pid}', 'inscrit', 'preselectionne') returning id)
     select (select id::text from a) aid, (select id::text from h) hid;`,
  );
  const [{ sid }] = await backend.sql<{ sid: string }>(
    `insert into surge_alerts (action, window_seconds, peak_hits, peak_level)
     values ('reserve', 600, 1000, 1) returning id::text as sid`,
  );
  // A closed round of the public vote with two candidates, and the reservation's vote.
  const vrid = uuid();
  const [{ vcid, vid }] = await backend.sql<{ vcid: string; vid: string }>(
    `insert into vote_rounds (id, title, state, opened_at, closes_at, closed_at)
       values ('${vrid}', 'Manche ${seq}', 'closed', now(), now(), now());
     with c as (insert into vote_candidates (round_id, number, name)
                values ('${vrid}', 1, 'Awa N.'), ('${vrid}', 2, 'Junior E.') returning id, number),
          v as (insert into votes (round_id, reservation_id, candidate_id, last_vote_id)
                select '${vrid}', '${rid}', c.id, gen_random_uuid() from c where number = 1
                returning id)
     select (select id::text from c where number = 1) vcid, (select id::text from v) vid;`,
  );
  return { pid, mid, rid, cid, aid, hid, sid, vrid, vcid, vid };
}

const count = async (sql: string) => Number((await backend.sql(sql))[0].n);

type Cell = { run: (c: SupabaseClient) => Promise<unknown>; effect: () => Promise<boolean> };

async function cell(table: Table, op: Op): Promise<Cell> {
  const { pid, mid, rid, cid, aid, hid, sid, vrid, vcid, vid } = await fixture();
  const idOf: Record<Table, string> = {
    participants: pid,
    team_members: mid,
    reservations: rid,
    contact_messages: cid,
    contest_settings: 'true',
    edition_settings: 'true',
    audit_log: aid,
    participant_status_history: hid,
    participant_directory: pid,
    reservation_directory: (
      await backend.sql<{ id: string }>('select private.reservation_directory_id($1)::text id', [
        rid,
      ])
    )[0].id,
    surge_alerts: sid,
    vote_rounds: vrid,
    vote_candidates: vcid,
    votes: vid,
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
    edition_settings: {
      id: true,
      concert_starts_at: '2030-04-26T16:00:00+01:00',
      doors_open_at: '2030-04-26T14:00:00+01:00',
      venue_name: 'Ailleurs',
      venue_address: 'Quelque part',
      map_url: 'https://example.cm/plan',
      capacity: 5,
      overbooking_percent: 0,
      reservations_open_at: '2030-01-01',
      contact_phone: '699000000',
      contact_email: 'x@example.cm',
    },
    audit_log: { action: 'export', entity: 'intrus', summary: `Intrus ${seq}` },
    participant_status_history: {
      participant_id: pid,
      from_status: 'inscrit',
      to_status: 'laureat',
    },
    participant_directory: {
      id: newId,
      full_name: 'Intrus Test',
      email: 'i•••@example.cm',
      phone: '6•• •• •• 00',
      city: 'Douala',
      region: 'Littoral',
      category: 'dance',
      participation_type: 'solo',
      agree_to_terms: true,
      created_at: new Date().toISOString(),
      status: 'inscrit',
    },
    reservation_directory: {
      id: newId,
      full_name: 'Intrus Test',
      phone: '6•• •• •• 00',
      ville: 'Douala',
      attendance_status: 'yes',
      heard_from: 'flyer',
      will_attend: 'yes',
      attendance_barrier: 'none',
      follows_booster_page: 'yes',
      consumes_booster_products: 'yes',
      created_at: new Date().toISOString(),
      state: 'confirmed',
      checked_in_by_hand: false,
    },
    surge_alerts: { action: 'contact', window_seconds: 600, peak_hits: 77777, peak_level: 1 },
    vote_rounds: { id: newId, title: 'Intruse' },
    vote_candidates: { id: newId, round_id: vrid, number: 9, name: 'Intrus' },
    votes: { round_id: vrid, candidate_id: vcid, last_vote_id: newId },
  };
  // How a test finds the row an insert would have stored.
  const inserted: Partial<Record<Table, string>> = {
    contest_settings: 'max_participants = 5',
    edition_settings: 'capacity = 5',
    audit_log: `summary = 'Intrus ${seq}'`,
    participant_status_history: `participant_id = '${pid}' and to_status = 'laureat'`,
    surge_alerts: 'peak_hits = 77777',
    votes: `last_vote_id = '${newId}'`,
  };
  const update: Record<Table, [string, unknown]> = {
    participants: ['city', 'Changé'],
    team_members: ['full_name', 'Changé Nom'],
    reservations: ['ville', 'Changé'],
    contact_messages: ['subject', 'Changé'],
    contest_settings: ['max_participants', 7],
    edition_settings: ['capacity', 7],
    audit_log: ['summary', 'Changé'],
    participant_status_history: ['to_status', 'refuse'],
    participant_directory: ['city', 'Changé'],
    reservation_directory: ['ville', 'Changé'],
    surge_alerts: ['peak_hits', 1],
    vote_rounds: ['title', 'Changé'],
    vote_candidates: ['name', 'Changé'],
    votes: ['changes', 7],
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
            `select count(*) n from ${table} where ${inserted[table] ?? `id = '${newId}'`}`,
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
  // The night of the concert: the door is open (docs/decisions/017-roles-and-door-window.md).
  await backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });
  await backend.createUser('user@example.cm', 'user-password-123', { admin: false });
  await backend.createUser('admin@example.cm', 'admin-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.createUser('controle@example.cm', 'controle-password-123', { role: 'controle' });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  clients.anon = backend.anonClient();
  for (const role of ['user', 'admin', 'lecteur', 'controle', 'regie'] as const) {
    clients[role] = await backend.signedInClient(`${role}@example.cm`, `${role}-password-123`);
  }
});

describe.each(Object.keys(MATRIX) as Table[])('RLS on %s', (table) => {
  it.each(ROLES)('%s gets exactly the access of DESIGN.md §2', async (role) => {
    const seen: Record<Op, 'yes' | 'no'> = {
      select: 'no',
      insert: 'no',
      update: 'no',
      delete: 'no',
    };
    for (const op of ['select', 'insert', 'update', 'delete'] as Op[]) {
      const c = await cell(table, op);
      const result = await c.run(clients[role]);
      const took = op === 'select' ? Array.isArray(result) && result.length > 0 : await c.effect();
      seen[op] = took ? 'yes' : 'no';
    }
    expect(seen).toEqual(MATRIX[table][role]);
  });
});

/**
 * Every function the API exposes, by role: 'yes' = the call is accepted (it may still answer a
 * refusal of its own, such as 404 for an unknown pass); 'no' = refused for lack of rights (42501,
 * HTTP 401 for anon, 403 for a signed-in user) and nothing changes.
 */
type Fn = { args: () => Promise<Record<string, unknown>>; who: Role[] };
const EVERYONE = ROLES;
const STAFF_ADMIN: Role[] = ['admin'];
const READERS: Role[] = ['lecteur', 'admin'];
const DOOR: Role[] = ['controle', 'admin'];
const DESK: Role[] = ['regie', 'admin'];

/** A confirmed reservation (Marie Nana) and its pass code. */
async function onePass() {
  const { rid } = await fixture();
  const [{ pass_code }] = await backend.sql<{ pass_code: string }>(
    `select pass_code from reservations where id = $1`,
    [rid],
  );
  return { rid, pass_code };
}

const FUNCTIONS: Record<string, Fn> = {
  // Visitors' entry points.
  registration_status: { args: async () => ({}), who: EVERYONE },
  edition_info: { args: async () => ({}), who: EVERYONE },
  pow_challenge: { args: async () => ({}), who: EVERYONE },
  admin_client_address: { args: async () => ({}), who: STAFF_ADMIN },
  get_pass: { args: async () => ({ code: 'ABCDEFGHJK' }), who: EVERYONE },
  // The holder's, with the code: staff (any signed-in caller) cancel from the administration.
  cancel_reservation: { args: async () => ({ code: 'ABCDEFGHJK' }), who: ['anon'] },
  // Staff.
  my_staff_role: {
    args: async () => ({}),
    who: ['user', 'lecteur', 'controle', 'regie', 'admin'],
  },
  check_in: {
    args: async () => ({ code: 'ABCDEFGHJK', door: 'Porte 1', scan_id: crypto.randomUUID() }),
    who: DOOR,
  },
  check_in_by_phone: {
    args: async () => ({ phone: '600000000', door: 'Porte 1', scan_id: crypto.randomUUID() }),
    who: DOOR,
  },
  door_count: { args: async () => ({}), who: ['lecteur', 'controle', 'admin'] },
  night_party_stats: { args: async () => ({}), who: READERS },
  attendance_report: { args: async () => ({}), who: READERS },
  reservation_summary: { args: async () => ({}), who: READERS },
  participant_stats: { args: async () => ({}), who: READERS },
  // The participants search (docs/decisions/022-search-people.md): readers search their masked
  // list, admins the real one.
  search_participants: { args: async () => ({ search: 'herve' }), who: READERS },
  unhandled_message_count: { args: async () => ({}), who: READERS },
  admin_cancel_reservation: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_check_in: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_undo_check_in: { args: async () => ({ id: uuid(), reason: 'Erreur' }), who: STAFF_ADMIN },
  admin_update_settings: { args: async () => ({ payload: {} }), who: STAFF_ADMIN },
  // The organisers' workspace (docs/decisions/010-organiser-workspace.md): admins only. An
  // unknown id is the function's own refusal, not a lack of rights.
  admin_update_participant: { args: async () => ({ p_id: uuid(), p_patch: {} }), who: STAFF_ADMIN },
  admin_delete_participant: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_restore_participant: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_purge_bin: { args: async () => ({}), who: STAFF_ADMIN },
  binned_participants: { args: async () => ({}), who: STAFF_ADMIN },
  admin_set_status: { args: async () => ({ ids: [uuid()], status: 'refuse' }), who: STAFF_ADMIN },
  admin_assign_slot: {
    args: async () => ({ ids: [uuid()], city: 'Douala', at: '2030-08-12T13:00:00Z' }),
    who: STAFF_ADMIN,
  },
  admin_set_notes: { args: async () => ({ id: uuid(), notes: 'Note' }), who: STAFF_ADMIN },
  admin_mark_notified: {
    args: async () => ({ ids: [uuid()], channel: 'email' }),
    who: STAFF_ADMIN,
  },
  admin_set_message_handled: {
    args: async () => ({ id: uuid(), handled: true }),
    who: STAFF_ADMIN,
  },
  // A personal-data export: admins only. Readers may record the two aggregate exports
  // (presence_night_party, distribution_regionale): workspace-audit.test.ts, issue 27.
  log_export: {
    args: async () => ({ what: 'participants', filters: {}, row_count: 0 }),
    who: STAFF_ADMIN,
  },
  // Refused to the admin too while nothing is scheduled (its own refusal, P0001).
  admin_purge_personal_data: { args: async () => ({}), who: STAFF_ADMIN },
  // The scheduled purge (docs/decisions/018-scheduled-purge-and-journal.md): every admin page's
  // banner for admins and readers; the request and the cancellation for admins (refused by the
  // function itself here: no purge date, nothing scheduled).
  scheduled_purge: { args: async () => ({}), who: READERS },
  admin_request_purge: { args: async () => ({}), who: STAFF_ADMIN },
  admin_cancel_purge: { args: async () => ({}), who: STAFF_ADMIN },
  // The public vote (docs/decisions/030-public-vote.md): the pass page and the stage screen
  // for everyone; the control desk for the régie and admins; preparing rounds and the results'
  // export for admins. Unknown ids are the functions' own refusals.
  cast_vote: {
    args: async () => ({
      code: 'ABCDEFGHJK',
      round_id: uuid(),
      candidate_id: uuid(),
      vote_id: uuid(),
    }),
    who: EVERYONE,
  },
  vote_state: { args: async () => ({ code: 'ABCDEFGHJK' }), who: EVERYONE },
  vote_screen_state: { args: async () => ({}), who: EVERYONE },
  vote_rounds_list: { args: async () => ({}), who: DESK },
  regie_open_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_close_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_reveal_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_reset_screen: { args: async () => ({}), who: DESK },
  admin_save_vote_round: {
    args: async () => ({ payload: { id: uuid(), title: 'Manche' } }),
    who: STAFF_ADMIN,
  },
  admin_delete_vote_round: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_vote_results: { args: async () => ({ round_id: uuid() }), who: STAFF_ADMIN },
};

/** Public writes with proof of work, covered by security-anon.test.ts and abuse.test.ts. */
const PROOF_OF_WORK_WRITES = ['register_participant', 'create_reservation', 'send_contact_message'];

it('lists every function the API can call', async () => {
  const callable = await backend.sql<{ proname: string }>(
    `select distinct p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and (has_function_privilege('anon', p.oid, 'execute')
                                      or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`,
  );
  expect(callable.map((r) => r.proname)).toEqual(
    [...Object.keys(FUNCTIONS), ...PROOF_OF_WORK_WRITES].sort(),
  );
});

describe.each(Object.keys(FUNCTIONS))('rpc %s', (fn) => {
  it.each(ROLES)('%s is accepted exactly as DESIGN.md §2 says', async (role) => {
    const { error, status } = await clients[role].rpc(fn, await FUNCTIONS[fn].args());
    const refused = error?.code === '42501';
    if (refused) expect(status).toBe(role === 'anon' ? 401 : 403);
    expect(refused ? 'no' : 'yes').toBe(FUNCTIONS[fn].who.includes(role) ? 'yes' : 'no');
  });
});

describe('what door staff and visitors can read of a pass', () => {
  it('door staff: the first name, the initial and the masked phone, through check_in only', async () => {
    const { rid, pass_code } = await onePass();
    const { data } = await clients.controle.rpc('check_in', {
      code: pass_code,
      door: 'Porte 1',
      scan_id: crypto.randomUUID(),
    });
    expect(data).toEqual({
      verdict: 'validated',
      first_name: 'Marie',
      last_initial: 'N',
      masked_phone: expect.stringMatching(/^6•• •• •• \d\d$/),
      checked_in_at: expect.any(String),
      door: 'Porte 1',
      by_hand: false,
      position: null,
    });
    const { data: rows } = await clients.controle.from('reservations').select('*').eq('id', rid);
    expect(rows ?? []).toEqual([]);
  });

  it('anon: one pass with its code, no list', async () => {
    const { pass_code } = await onePass();
    const { data } = await clients.anon.rpc('get_pass', { code: pass_code });
    expect(data).toMatchObject({ code: pass_code, first_name: 'Marie' });
    const { data: rows } = await clients.anon.from('reservations').select('pass_code');
    expect(rows ?? []).toEqual([]);
    // The wrong code, a pattern or nothing read nothing.
    for (const code of ['%', '*', pass_code.slice(0, 9), '']) {
      expect((await clients.anon.rpc('get_pass', { code })).data).toBeNull();
    }
  });
});

describe('what a reader (lecteur) can read of reservations', () => {
  /** An argument of each type a function may take, from what a reader could know or try. */
  const argFor = (type: string, r: { id: string; masked: string }): unknown =>
    ({
      uuid: r.id,
      'uuid[]': [r.id],
      text: r.masked,
      'text[]': [r.masked],
      jsonb: { id: r.id, phone: r.masked },
      integer: 0,
      boolean: true,
      'timestamp with time zone': new Date().toISOString(),
    })[type] ?? null;

  it('no pass code and no full phone, from any table, view or function it can reach', async () => {
    const { rid, pass_code } = await onePass();
    // A checked-in pass and a cancelled one too.
    const { rid: entered } = await onePass();
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [entered],
    );
    const secrets = await backend.sql<{ pass_code: string; phone: string }>(
      'select pass_code, phone from reservations',
    );
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const [{ masked }] = await backend.sql<{ masked: string }>(
      'select private.mask_phone(phone) masked from reservations where id = $1',
      [rid],
    );
    const leaks = (where: string, body: unknown) => {
      const text = JSON.stringify(body);
      for (const s of secrets) {
        expect(text, `${where} shows a pass code`).not.toContain(s.pass_code);
        expect(text, `${where} shows a phone`).not.toContain(s.phone);
      }
    };

    const relations = await backend.sql<{ name: string }>(
      `select c.relname::text name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          and has_table_privilege('authenticated', c.oid, 'select') order by 1`,
    );
    const read: string[] = [];
    for (const { name } of relations) {
      const { data, error } = await clients.lecteur.from(name).select('*');
      leaks(name, { data, error });
      if ((data ?? []).length > 0) read.push(name);
    }
    // The reader's list is there, without what it must not show.
    expect(read).toContain('reservation_directory');
    expect(read).not.toContain('reservations');
    const { data: listed } = await clients.lecteur.from('reservation_directory').select('*');
    expect(listed).toContainEqual(
      expect.objectContaining({ full_name: 'Marie Nana', phone: masked }),
    );
    expect(JSON.stringify(listed)).not.toContain(rid);

    const functions = await backend.sql<{ name: string; args: string[]; types: string[] }>(
      `select p.proname::text name, coalesce(p.proargnames, '{}')::text[] args,
              array(select format_type(t, null) from unnest(p.proargtypes) t)::text[] types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    expect(functions.map((f) => f.name)).toContain('reservation_summary');
    for (const fn of functions) {
      const args = Object.fromEntries(
        fn.types.map((type, i) => [fn.args[i], argFor(type, { id: rid, masked })]),
      );
      const { data, error } = await clients.lecteur.rpc(fn.name, args);
      leaks(`rpc ${fn.name}`, { data, error });
    }
    // Nothing changed either: the pass is still valid.
    expect(
      await backend.sql('select state, checked_in_at from reservations where pass_code = $1', [
        pass_code,
      ]),
    ).toEqual([{ state: 'confirmed', checked_in_at: null }]);
  });
});

describe('what the stage screen shows of the voters', () => {
  it('nothing personal: no pass, name, phone, reservation or vote id, in any state', async () => {
    const { rid, pass_code } = await onePass();
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [rid],
    );
    const { data: round } = await clients.admin.rpc('admin_save_vote_round', {
      payload: {
        title: 'Écran',
        candidates: [
          { number: 1, name: 'Awa N.' },
          { number: 2, name: 'Junior E.' },
        ],
      },
    });
    const { id, candidates } = round as { id: string; candidates: { id: string }[] };
    const seen: unknown[] = [];
    await clients.regie.rpc('regie_open_round', { id });
    const voteId = uuid();
    const cast = await clients.anon.rpc('cast_vote', {
      code: pass_code,
      round_id: id,
      candidate_id: candidates[0].id,
      vote_id: voteId,
    });
    expect(cast.error).toBeNull();
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    await clients.regie.rpc('regie_close_round', { id });
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    await clients.regie.rpc('regie_reveal_round', { id });
    seen.push((await clients.anon.rpc('vote_screen_state')).data);
    // The régie's own view of the rounds holds nothing personal either.
    seen.push((await clients.regie.rpc('vote_rounds_list')).data);
    expect(seen.map((s) => (s as { mode?: string }).mode)).toEqual([
      'open',
      'closed',
      'revealed',
      undefined,
    ]);
    const [r] = await backend.sql<{ full_name: string; phone: string }>(
      'select full_name, phone from reservations where id = $1',
      [rid],
    );
    const text = JSON.stringify(seen);
    for (const secret of [pass_code, r.full_name, 'Marie', r.phone, rid, voteId]) {
      expect(text).not.toContain(secret);
    }
    for (const state of seen.slice(0, 3)) {
      const { round: shown } = state as { round: Record<string, unknown> };
      expect(Object.keys(shown).sort()).toEqual([
        'candidates',
        'closes_at',
        'id',
        'title',
        'voters',
        'winner',
      ]);
      expect(shown.voters).toBe(1);
    }
  });
});
