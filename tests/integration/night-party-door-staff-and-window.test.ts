/**
 * The door check-in (docs/decisions/009-night-party-operations.md) by door staff (role
 * controle), through real supabase-js clients over HTTP, several doors truly at once. The door
 * works only around the concert (docs/decisions/017-roles-and-door-window.md): here the concert
 * starts in an hour and the doors opened an hour ago, except in 'the door window', which moves it.
 * Here: what door staff may see, the door window and phone look-ups.
 * Shared doors, passes and journal reads: support/night-party-door.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  Verdict,
  doors,
  doorIds,
  openTheDoors,
  signInFiveDoors,
  pass,
  doualaTime,
  auditSince,
  lastAuditId,
  byPhone,
} from './support/night-party-door';

signInFiveDoors();

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
      const message = `Le contrôle des entrées n’est pas encore ouvert : il ouvre le ${opens}.`;
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
          summary: `Recherche par téléphone 6•• •• •• ${p.phone.slice(-2)} à « Porte 1 » : refusée, contrôle pas encore ouvert`,
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
        /^Trop de recherches par téléphone depuis ce compte : réessayez dans (une minute|\d+ minutes), ou scannez le pass ou tapez son code\.$/,
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
