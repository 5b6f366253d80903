import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';

/**
 * The door check-in (docs/decisions/009-night-party-operations.md) by door staff (role
 * controle), through real supabase-js clients over HTTP, several doors truly at once. The door
 * works only around the concert (docs/decisions/017-roles-and-door-window.md): here the concert
 * starts in an hour and the doors opened an hour ago, except in 'the door window', which moves it.
 */
const backend = testBackend();

type Verdict = {
  verdict: 'validated' | 'already' | 'unknown' | 'waitlisted' | 'cancelled';
  by_hand: boolean;
  first_name: string | null;
  last_initial: string | null;
  masked_phone: string | null;
  checked_in_at: string | null;
  door: string | null;
  position: number | null;
};

const DOOR_KEYS = [
  'by_hand',
  'checked_in_at',
  'door',
  'first_name',
  'last_initial',
  'masked_phone',
  'position',
  'verdict',
];

const DOORS = 5;
const doors: SupabaseClient[] = [];
let doorIds: string[] = [];

/** The night: the concert starts in an hour, the doors opened an hour ago. */
const openTheDoors = () =>
  backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });

beforeAll(async () => {
  await openTheDoors();
  doorIds = await Promise.all(
    Array.from({ length: DOORS }, (_, i) =>
      backend.createUser(`porte${i + 1}@example.cm`, 'porte-password-123', { role: 'controle' }),
    ),
  );
  for (let i = 0; i < DOORS; i++) {
    doors.push(await backend.signedInClient(`porte${i + 1}@example.cm`, 'porte-password-123'));
  }
});

let serial = 0;
/** A reservation written as superuser; returns its id and pass code. */
async function pass(
  state: 'confirmed' | 'waitlisted' | 'cancelled' = 'confirmed',
  fullName = 'Awa Ngono',
) {
  const n = ++serial;
  const [row] = await backend.sql<{ id: string; pass_code: string; phone: string }>(
    `insert into reservations (full_name, phone, ville, heard_from, state, queue_number, cancelled_at)
     values ($1, $2, 'Douala', 'flyer', $3,
             case when $3 = 'waitlisted' then nextval('private.reservation_queue') end,
             case when $3 = 'cancelled' then now() end)
     returning id::text, pass_code, phone`,
    [fullName, `67${String(n).padStart(7, '0')}`, state],
  );
  return row;
}

const checkIn = async (c: SupabaseClient, code: string, door: string, scanId?: string) => {
  const { data, error } = await c.rpc('check_in', {
    code,
    door,
    scan_id: scanId ?? crypto.randomUUID(),
  });
  expect(error).toBeNull();
  return data as Verdict;
};

beforeEach(async () => {
  await backend.sql('delete from reservations');
});

describe('check_in', () => {
  it('validates a pass once when 5 doors scan it at the same moment', async () => {
    const { pass_code, id } = await pass('confirmed', 'Awa Ngono Mballa');
    const scans = doors.map(() => crypto.randomUUID());
    const verdicts = await Promise.all(
      doors.map((c, i) => checkIn(c, pass_code, `Porte ${i + 1}`, scans[i])),
    );
    const validated = verdicts.filter((v) => v.verdict === 'validated');
    expect(validated).toHaveLength(1);
    expect(verdicts.filter((v) => v.verdict === 'already')).toHaveLength(DOORS - 1);
    const winner = verdicts.indexOf(validated[0]);
    // The others are told when and where it entered.
    for (const v of verdicts) {
      expect(v).toMatchObject({
        first_name: 'Awa',
        last_initial: 'M',
        masked_phone: expect.stringMatching(/^6•• •• •• \d\d$/),
        door: `Porte ${winner + 1}`,
        checked_in_at: validated[0].checked_in_at,
        position: null,
      });
      expect(Object.keys(v).sort()).toEqual(DOOR_KEYS);
    }
    const [row] = await backend.sql(
      `select checked_in_door, checked_in_by::text, check_in_scan_id::text from reservations where id = $1`,
      [id],
    );
    expect(row).toEqual({
      checked_in_door: `Porte ${winner + 1}`,
      checked_in_by: doorIds[winner],
      check_in_scan_id: scans[winner],
    });

    // The winning scan sent again (an offline queue retrying): still 'validated'.
    expect(await checkIn(doors[winner], pass_code, `Porte ${winner + 1}`, scans[winner])).toEqual(
      validated[0],
    );
    // Any other scan: 'already'.
    expect((await checkIn(doors[winner], pass_code, 'Porte 9')).verdict).toBe('already');
  });

  it('validates 50 passes scanned at once across the doors, each once', async () => {
    const passes = await Promise.all(Array.from({ length: 50 }, () => pass()));
    const verdicts = await Promise.all(
      passes.flatMap((p, i) => [
        checkIn(doors[i % DOORS], p.pass_code, 'A'),
        checkIn(doors[(i + 1) % DOORS], p.pass_code, 'B'),
      ]),
    );
    expect(verdicts.filter((v) => v.verdict === 'validated')).toHaveLength(50);
    expect(verdicts.filter((v) => v.verdict === 'already')).toHaveLength(50);
    expect(
      await backend.sql(`select count(*)::int n from reservations where checked_in_at is not null`),
    ).toEqual([{ n: 50 }]);
  });

  it('answers unknown, waitlisted and cancelled passes without checking them in', async () => {
    const unknown = await checkIn(doors[0], 'ABCDEFGHJK', 'Porte 1');
    expect(unknown).toEqual({
      verdict: 'unknown',
      by_hand: false,
      first_name: null,
      last_initial: null,
      masked_phone: null,
      checked_in_at: null,
      door: null,
      position: null,
    });
    expect((await checkIn(doors[0], 'not a code', 'Porte 1')).verdict).toBe('unknown');

    await pass('waitlisted');
    const waiting = await pass('waitlisted', 'Jean Mbarga');
    expect(await checkIn(doors[0], waiting.pass_code, 'Porte 1')).toMatchObject({
      verdict: 'waitlisted',
      first_name: 'Jean',
      last_initial: 'M',
      position: 2,
      checked_in_at: null,
    });
    const gone = await pass('cancelled');
    expect((await checkIn(doors[0], gone.pass_code, 'Porte 1')).verdict).toBe('cancelled');
    expect(
      await backend.sql(`select count(*)::int n from reservations where checked_in_at is not null`),
    ).toEqual([{ n: 0 }]);
  });

  it('accepts the code as typed (lower case, spaces, dashes) and a one-word name', async () => {
    const p = await pass('confirmed', 'Awa');
    const typed = `${p.pass_code.slice(0, 5).toLowerCase()} - ${p.pass_code.slice(5)}`;
    expect(await checkIn(doors[1], typed, 'Porte 2')).toMatchObject({
      verdict: 'validated',
      first_name: 'Awa',
      last_initial: null,
    });
  });

  it('refuses a missing door', async () => {
    const p = await pass();
    const { error } = await doors[0].rpc('check_in', {
      code: p.pass_code,
      door: '  ',
      scan_id: null,
    });
    expect(error).toMatchObject({ code: '22023', hint: 'invalid_field', details: 'door' });
  });
});

describe('check_in_by_phone', () => {
  it('finds the pass by its phone as people type it', async () => {
    const p = await pass('confirmed', 'Marie Nana');
    const spaced = `+237 ${p.phone.slice(0, 1)} ${p.phone.slice(1, 3)} ${p.phone.slice(3, 5)} ${p.phone.slice(5, 7)} ${p.phone.slice(7)}`;
    const scan = crypto.randomUUID();
    const { data, error } = await doors[2].rpc('check_in_by_phone', {
      phone: spaced,
      door: 'Porte 3',
      scan_id: scan,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ verdict: 'validated', first_name: 'Marie', last_initial: 'N' });
    const again = await doors[3].rpc('check_in_by_phone', {
      phone: p.phone,
      door: 'Porte 4',
      scan_id: crypto.randomUUID(),
    });
    expect(again.data).toMatchObject({ verdict: 'already', door: 'Porte 3' });
    const none = await doors[3].rpc('check_in_by_phone', {
      phone: '600000000',
      door: 'Porte 4',
      scan_id: crypto.randomUUID(),
    });
    expect(none.data).toMatchObject({ verdict: 'unknown', first_name: null });
  });
});

describe('door_count', () => {
  it('counts entered / expected and the last 10 minutes', async () => {
    const passes = await Promise.all(Array.from({ length: 4 }, () => pass()));
    await pass('waitlisted');
    await pass('cancelled');
    await checkIn(doors[0], passes[0].pass_code, 'Porte 1');
    await checkIn(doors[1], passes[1].pass_code, 'Porte 2');
    await backend.sql(
      `update reservations set checked_in_at = now() - interval '1 hour' where id = $1`,
      [passes[1].id],
    );
    const { data, error } = await doors[4].rpc('door_count');
    expect(error).toBeNull();
    expect(data).toEqual({
      entered: 2,
      expected: 4,
      last_10_minutes: 1,
      window: { opens_at: expect.any(String), closes_at: expect.any(String), open: true },
    });
  });
});

describe('door staff', () => {
  it('see nothing else: no table, no list, no statistics, no admin function', async () => {
    const p = await pass();
    const c = doors[0];
    for (const table of [
      'reservations',
      'participants',
      'team_members',
      'contact_messages',
      'contest_settings',
      'edition_settings',
    ]) {
      const { data } = await c.from(table).select('*');
      expect(data ?? [], table).toEqual([]);
    }
    for (const [fn, args] of [
      ['participant_stats', {}],
      ['reservation_summary', {}],
      ['night_party_stats', {}],
      ['attendance_report', {}],
      ['admin_check_in', { id: p.id }],
      ['admin_cancel_reservation', { id: p.id }],
      ['admin_update_settings', { payload: { capacity: 5 } }],
    ] as const) {
      const { error } = await c.rpc(fn, args);
      expect(error?.code, fn).toBe('42501');
    }
    const { data: role } = await c.rpc('my_staff_role');
    expect(role).toBe('controle');
    expect(await backend.sql(`select state, checked_in_at from reservations`)).toEqual([
      { state: 'confirmed', checked_in_at: null },
    ]);
  });

  it('lose the door when their sign-in is older than 24 hours', async () => {
    const p = await pass();
    const token = await backend.signAccessToken({
      sub: doorIds[0],
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) - 25 * 3600 }],
    });
    const { createClient } = await import('@supabase/supabase-js');
    const stale = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const { error } = await stale.rpc('check_in', { code: p.pass_code, door: 'Porte 1' });
    expect(error?.code).toBe('42501');
    expect((await stale.rpc('my_staff_role')).data).toBeNull();
  });
});

/** 'DD/MM/YYYY à HHhMI' in Africa/Douala, as the database writes a date in a refusal. */
function doualaTime(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Douala',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} à ${p.hour}h${p.minute}`;
}

const auditSince = async (id: number) =>
  backend.sql<{
    actor: string | null;
    action: string;
    entity_id: string | null;
    summary: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `select actor::text, action, entity_id, summary, before, after from audit_log
      where id > $1 order by id`,
    [id],
  );
const lastAuditId = async () =>
  (await backend.sql<{ id: number }>('select coalesce(max(id), 0)::int id from audit_log'))[0].id;

const byPhone = (c: SupabaseClient, phone: string, door = 'Porte 1') =>
  c.rpc('check_in_by_phone', { phone, door, scan_id: crypto.randomUUID() });

describe('the door window (finding 4 of the trust review)', () => {
  it('three weeks before the concert, refuses check-ins by code and by phone, in French', async () => {
    const concert = new Date(Date.now() + 21 * 86_400_000);
    const doorsOpen = new Date(concert.getTime() - 2 * 3_600_000);
    await backend.setEdition({ concert_starts_at: concert, doors_open_at: doorsOpen });
    try {
      const p = await pass();
      const since = await lastAuditId();
      // The window opens 2 hours before the doors (private.door_settings).
      const opens = doualaTime(new Date(doorsOpen.getTime() - 2 * 3_600_000));
      const message = `Le contrôle des entrées n'est pas encore ouvert : il ouvre le ${opens}.`;
      const byCode = await doors[0].rpc('check_in', {
        code: p.pass_code,
        door: 'Porte 1',
        scan_id: crypto.randomUUID(),
      });
      expect(byCode).toMatchObject({
        status: 403,
        data: null,
        error: { code: 'P403', hint: 'door_not_open', message },
      });
      const phone = await byPhone(doors[1], p.phone);
      expect(phone).toMatchObject({ status: 403, error: { hint: 'door_not_open', message } });
      expect(
        await backend.sql(`select checked_in_at from reservations where id = $1`, [p.id]),
      ).toEqual([{ checked_in_at: null }]);
      // The refused phone look-up is journaled; the refused code check-in changed nothing.
      const rows = await auditSince(since);
      expect(rows).toEqual([
        expect.objectContaining({
          actor: doorIds[1],
          action: 'door.lookup',
          summary: `Recherche par téléphone 6•• •• •• ${p.phone.slice(-2)} à « Porte 1 » : refusée, contrôle pas encore ouvert`,
        }),
      ]);
      expect(JSON.stringify(rows)).not.toContain(p.phone);
      // The holder can still cancel: the pass was not burnt.
      const cancelled = await backend.anonClient().rpc('cancel_reservation', { code: p.pass_code });
      expect(cancelled.data).toMatchObject({ state: 'cancelled' });

      // The window is a setting: opened three weeks early, the door works.
      await backend.sql(`update private.door_settings set opens_before_doors = interval '22 days'`);
      const early = await pass();
      expect(
        (await doors[0].rpc('check_in', { code: early.pass_code, door: 'Porte 1' })).data,
      ).toMatchObject({ verdict: 'validated' });
    } finally {
      await backend.sql(`update private.door_settings set opens_before_doors = interval '2 hours'`);
      await openTheDoors();
    }
  });

  it('refuses once the window has closed, saying since when', async () => {
    const concert = new Date(Date.now() - 9 * 3_600_000);
    await backend.setEdition({
      concert_starts_at: concert,
      doors_open_at: new Date(concert.getTime() - 2 * 3_600_000),
      reservations_open_at: new Date(concert.getTime() - 86_400_000),
    });
    try {
      const p = await pass();
      const { error, status } = await doors[0].rpc('check_in', {
        code: p.pass_code,
        door: 'Porte 1',
      });
      expect(status).toBe(403);
      expect(error).toMatchObject({
        hint: 'door_closed',
        message: `Le contrôle des entrées est fermé depuis le ${doualaTime(new Date(concert.getTime() + 8 * 3_600_000))}.`,
      });
      const count = await doors[0].rpc('door_count');
      expect(count.data).toMatchObject({ window: { open: false } });
    } finally {
      await backend.setEdition({ reservations_open_at: new Date(Date.now() - 86_400_000) });
      await openTheDoors();
    }
  });
});

describe('phone look-ups (finding 4 of the trust review)', () => {
  it('40 unknown phones in a burst: 20 answered, the rest refused, every one journaled', async () => {
    const since = await lastAuditId();
    const phones = Array.from(
      { length: 40 },
      (_, i) => `69${String(1_000_000 + i).padStart(7, '0')}`,
    );
    const answers = await Promise.all(phones.map((phone) => byPhone(doors[4], phone, 'Porte 5')));
    const unknown = answers.filter((a) => (a.data as Verdict | null)?.verdict === 'unknown');
    const limited = answers.filter((a) => a.error?.hint === 'door_lookup_limited');
    expect(unknown).toHaveLength(20);
    expect(limited).toHaveLength(20);
    for (const a of limited) {
      expect(a.status).toBe(429);
      expect(a.error?.message).toMatch(
        /^Trop de recherches par téléphone depuis ce compte : réessayez dans (une minute|\d+ minutes), ou scannez le pass ou tapez son code\.$/,
      );
    }
    const rows = await auditSince(since);
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.action === 'door.lookup' && r.actor === doorIds[4])).toBe(true);
    expect(rows.filter((r) => r.summary.endsWith(': aucune réservation'))).toHaveLength(20);
    expect(rows.filter((r) => r.summary.endsWith(': refusée, trop de recherches'))).toHaveLength(
      20,
    );
    const journal = JSON.stringify(rows);
    for (const phone of phones) expect(journal).not.toContain(phone);
    expect(rows[0].after).toMatchObject({ phone: expect.stringMatching(/^6•• •• •• \d\d$/) });

    // Per account: another door still looks up, and codes are never limited.
    expect((await byPhone(doors[0], '690000001')).data).toMatchObject({ verdict: 'unknown' });
    const p = await pass();
    expect(
      (await doors[4].rpc('check_in', { code: p.pass_code, door: 'Porte 5' })).data,
    ).toMatchObject({ verdict: 'validated' });
  });
});

describe('door names and check-ins by hand (finding 8 of the trust review)', () => {
  let admin: SupabaseClient;
  let adminId: string;
  beforeAll(async () => {
    adminId = await backend.createUser('chef-porte@example.cm', 'chef-password-123', {
      admin: true,
    });
    admin = await backend.signedInClient('chef-porte@example.cm', 'chef-password-123');
  });

  it.each(['<b>Porte</b>', 'Porte 1; drop', 'x'.repeat(41), '---', 'Porte 1 🎉'])(
    'refuses the door name %j in French, storing nothing',
    async (door) => {
      const p = await pass();
      const since = await lastAuditId();
      const { error } = await doors[0].rpc('check_in', { code: p.pass_code, door });
      expect(error).toMatchObject({
        code: '22023',
        hint: 'invalid_field',
        details: 'door',
        message:
          "Nom de porte invalide : de 1 à 40 lettres, chiffres, espaces ou - ' . # ° / ( ), ex. « Porte 1 ».",
      });
      expect(await auditSince(since)).toEqual([]);
    },
  );

  it('quotes the door in the journal; by hand is a flag, not a door called "admin"', async () => {
    const atDoor = await pass();
    const byHand = await pass();
    const since = await lastAuditId();
    expect(
      (await doors[0].rpc('check_in', { code: atDoor.pass_code, door: 'admin' })).data,
    ).toMatchObject({ verdict: 'validated', door: 'admin', by_hand: false });
    expect((await admin.rpc('admin_check_in', { id: byHand.id })).data).toMatchObject({
      verdict: 'validated',
      door: null,
      by_hand: true,
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({ actor: doorIds[0], summary: 'Entrée validée à « admin »' }),
      expect.objectContaining({
        actor: adminId,
        summary: 'Entrée validée à la main (administration)',
        after: { door: null, by_hand: true, scan_id: null },
      }),
    ]);
    // The door sees it too.
    expect(
      (await doors[1].rpc('check_in', { code: atDoor.pass_code, door: 'Porte 2' })).data,
    ).toMatchObject({ verdict: 'already', door: 'admin', by_hand: false });
    const [{ pass_code }] = await backend.sql<{ pass_code: string }>(
      'select pass_code from reservations where id = $1',
      [byHand.id],
    );
    expect(
      (await doors[1].rpc('check_in', { code: pass_code, door: 'Porte 2' })).data,
    ).toMatchObject({ verdict: 'already', door: null, by_hand: true });
  });

  it('an admin undoes a check-in with a reason: the pass is valid again, and journaled', async () => {
    const p = await pass('confirmed', 'Awa Ngono');
    await doors[0].rpc('check_in', { code: p.pass_code, door: 'Porte 1' });
    const since = await lastAuditId();

    for (const reason of ['', '  ', 'ok']) {
      const { error } = await admin.rpc('admin_undo_check_in', { id: p.id, reason });
      expect(error).toMatchObject({ code: '22023', hint: 'invalid_field', details: 'reason' });
    }
    for (const c of [doors[0]]) {
      const { error } = await c.rpc('admin_undo_check_in', { id: p.id, reason: 'Erreur' });
      expect(error?.code).toBe('42501');
    }
    expect(await auditSince(since)).toEqual([]);

    const undone = await admin.rpc('admin_undo_check_in', {
      id: p.id,
      reason: '  Pass scanné par erreur   en test ',
    });
    expect(undone.error).toBeNull();
    expect(undone.data).toMatchObject({
      code: p.pass_code,
      state: 'confirmed',
      checked_in_at: null,
    });
    expect(await auditSince(since)).toEqual([
      expect.objectContaining({
        actor: adminId,
        action: 'reservation.check_in_undo',
        entity_id: p.id,
        summary: 'Entrée annulée, motif : « Pass scanné par erreur en test »',
        before: expect.objectContaining({ door: 'Porte 1', by_hand: false }),
        after: { reason: 'Pass scanné par erreur en test' },
      }),
    ]);
    // Undone twice: nothing to undo.
    const again = await admin.rpc('admin_undo_check_in', { id: p.id, reason: 'Encore' });
    expect(again).toMatchObject({ status: 409, error: { hint: 'not_checked_in' } });
    // The pass enters again, at the door.
    expect(
      (await doors[2].rpc('check_in', { code: p.pass_code, door: 'Porte 3' })).data,
    ).toMatchObject({ verdict: 'validated', door: 'Porte 3' });
  });
});
