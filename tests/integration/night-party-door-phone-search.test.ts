/**
 * The offline door (issue 31, docs/decisions/032-offline-door.md), over HTTP against real
 * PostgreSQL: the phone search before "Valider l'entrée" and the per-door counts.
 * Shared doors, passes and journal reads: support/night-party-door.ts and
 * support/night-party-door-offline.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  doors,
  signInFiveDoors,
  pass,
  checkIn,
  auditSince,
  lastAuditId,
} from './support/night-party-door';
import { NO_REFUSAL } from './support/answers';
import {
  ago,
  refOf,
  codeOf,
  scan,
  signInReaderAndAdmin,
  staff,
  sync,
} from './support/night-party-door-offline';

signInFiveDoors();
signInReaderAndAdmin('phone');

describe('door_count per door', () => {
  it('counts entries per door and in the last 10 minutes, and the double entries', async () => {
    const ps = await Promise.all(Array.from({ length: 5 }, () => pass()));
    const refs = await Promise.all(ps.map((p) => codeOf(p.id)));
    await sync(doors[0], 'Porte 1', [scan(refs[0], ago(30 * 60_000)), scan(refs[1], ago(60_000))]);
    await sync(doors[1], 'Porte 2', [scan(refs[2], ago(60_000)), scan(refs[0], ago(50_000))]);
    await checkIn(doors[2], ps[3].pass_code, 'Porte 3');
    await staff.admin.rpc('admin_check_in', { id: ps[4].id });
    for (const c of [doors[0], staff.admin, staff.lecteur]) {
      const { data } = await c.rpc('door_count');
      expect(data).toMatchObject({
        entered: 5,
        expected: 5,
        last_10_minutes: 4,
        per_door: [
          { door: 'Porte 1', entered: 2, last_10_minutes: 1 },
          { door: 'Porte 2', entered: 1, last_10_minutes: 1 },
          { door: 'Porte 3', entered: 1, last_10_minutes: 1 },
        ],
        double_entries: 1,
      });
    }
  });
});

describe('door_phone_search', () => {
  it('finds the pass of a phone with what the door shows, its list reference, journaled', async () => {
    const p = await pass('confirmed', 'Chantal Eyenga');
    const since = await lastAuditId();
    const { data, error } = await doors[0].rpc('door_phone_search', {
      phone: `+237 ${p.phone.replace(/(\d{3})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4')}`,
      door: 'Porte 1',
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      matches: [
        {
          ref: await refOf(p.id),
          first_name: 'Chantal',
          last_initial: 'E',
          masked_phone: `6•• •• •• ${p.phone.slice(-2)}`,
          state: 'confirmed',
          position: null,
          checked_in_at: null,
          door: null,
          by_hand: false,
        },
      ],
      ...NO_REFUSAL,
    });
    expect(JSON.stringify(data)).not.toContain(p.pass_code);
    // Nothing entered until the door confirms ("Valider l'entrée": door_sync with the ref).
    expect(await backend.sql('select checked_in_at from reservations')).toEqual([
      { checked_in_at: null },
    ]);
    const unknown = await doors[0].rpc('door_phone_search', {
      phone: '699999999',
      door: 'Porte 1',
    });
    expect(unknown.data).toEqual({ matches: [], ...NO_REFUSAL });
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      [
        'door.lookup',
        `Recherche par téléphone 6•• •• •• ${p.phone.slice(-2)} à « Porte 1 » : réservation trouvée`,
      ],
      ['door.lookup', 'Recherche par téléphone 6•• •• •• 99 à « Porte 1 » : aucune réservation'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(p.phone);
    const [confirmed] = await sync(doors[0], 'Porte 1', [scan(await refOf(p.id), ago(1000))]);
    expect(confirmed.verdict).toBe('validated');
  });

  it('shares the look-up limit with check-in by phone, and is for door staff only', async () => {
    const p = await pass();
    await backend.sql('update private.door_settings set lookup_max_per_window = 2');
    try {
      for (let i = 0; i < 2; i++)
        expect(
          (await doors[3].rpc('door_phone_search', { phone: p.phone, door: 'Porte 4' })).error,
        ).toBeNull();
      const limited = await doors[3].rpc('door_phone_search', { phone: p.phone, door: 'Porte 4' });
      expect(limited).toMatchObject({ status: 429, error: { hint: 'door_lookup_limited' } });
      const byPhone = await doors[3].rpc('check_in_by_phone', { phone: p.phone, door: 'Porte 4' });
      expect(byPhone).toMatchObject({ status: 429, error: { hint: 'door_lookup_limited' } });
    } finally {
      await backend.sql('update private.door_settings set lookup_max_per_window = 20');
    }
    for (const c of [backend.anonClient(), staff.lecteur]) {
      const { error } = await c.rpc('door_phone_search', { phone: p.phone, door: 'Porte 1' });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('a phone with a cancelled pass beside its live one (ADR 039)', () => {
  it('is found, and checked in, by its live pass', async () => {
    const old = await pass('cancelled', 'Awa Ngono');
    // The same phone reserves again: a new pass, created after the cancelled one.
    await backend.sql(
      `insert into reservations (full_name, phone, ville, heard_from, state, created_at)
       values ('Awa Ngono', $1, 'Douala', 'flyer', 'confirmed', now() + interval '1 second')`,
      [old.phone],
    );
    const { data: found } = await doors[0].rpc('door_phone_search', {
      phone: old.phone,
      door: 'Porte 1',
    });
    expect(found).toMatchObject({ matches: [{ state: 'confirmed' }] });
    const { data: verdict } = await doors[0].rpc('check_in_by_phone', {
      phone: old.phone,
      door: 'Porte 1',
    });
    expect(verdict).toMatchObject({ verdict: 'validated' });
  });
});
