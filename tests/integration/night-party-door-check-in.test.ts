/**
 * The door check-in (docs/decisions/009-night-party-operations.md) by door staff (role
 * controle), through real supabase-js clients over HTTP, several doors truly at once. The door
 * works only around the concert (docs/decisions/017-roles-and-door-window.md): here the concert
 * starts in an hour and the doors opened an hour ago, except in 'the door window', which moves it.
 * Here: check_in, check_in_by_phone and door_count.
 * Shared doors, passes and journal reads: support/night-party-door.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  DOOR_KEYS,
  DOORS,
  doors,
  doorIds,
  signInFiveDoors,
  pass,
  checkIn,
} from './support/night-party-door';
import { NO_REFUSAL } from './support/answers';

signInFiveDoors();

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
      ...NO_REFUSAL,
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
      // Per door and the double entries: docs/decisions/032-offline-door.md.
      per_door: [
        { door: 'Porte 1', entered: 1, last_10_minutes: 1 },
        { door: 'Porte 2', entered: 1, last_10_minutes: 0 },
      ],
      double_entries: 0,
    });
  });
});
