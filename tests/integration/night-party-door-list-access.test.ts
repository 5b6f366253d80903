/**
 * The door list (issue 31, docs/decisions/032-offline-door.md, 036-door-admits-what-it-scanned.md):
 * the checks at the database's own iteration count, and who may download the list, and when.
 * What the list holds and its deltas: night-party-door-list.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { doorCheckOf } from '@/data/door/door-ref';
import {
  backend,
  doors,
  signInFiveDoors,
  pass,
  auditSince,
  lastAuditId,
  openTheDoors,
  doualaTime,
} from './support/night-party-door';
import {
  download,
  nodeCheck,
  signInReaderAndAdmin,
  staff,
  derivationOf,
} from './support/night-party-door-offline';

signInFiveDoors();
signInReaderAndAdmin('liste-acces');

describe('door_list, the checks (docs/decisions/036-door-admits-what-it-scanned.md)', () => {
  it('derives each check with 60,000 PBKDF2 iterations by default, as Node and the door page do', async () => {
    await backend.sql('update private.door_key set iterations = default');
    try {
      const p = await pass();
      const list = await download(doors[0]);
      expect(list.iterations).toBe(60_000);
      const check = nodeCheck(list, p.pass_code);
      expect(list.passes.map((r) => r[9])).toEqual([check]);
      expect(await doorCheckOf(derivationOf(list), p.pass_code)).toBe(check);
    } finally {
      await backend.sql('update private.door_key set iterations = 1000');
    }
  });
});

describe('door_list, who and when', () => {
  it('is for door staff and admins only: anon and readers are refused', async () => {
    await pass();
    for (const [who, c] of [
      ['anon', backend.anonClient()],
      ['lecteur', staff.lecteur],
    ] as const) {
      const { data, error } = await c.rpc('door_list', { door: 'Porte 1' });
      expect(data, who).toBeNull();
      expect(error?.code, who).toBe('42501');
    }
    expect((await download(staff.admin)).passes).toHaveLength(1);
  });

  it('is refused outside the door window, saying when it opens, and journals nothing', async () => {
    const concert = new Date(Date.now() + 21 * 86_400_000);
    const doorsOpen = new Date(concert.getTime() - 2 * 3_600_000);
    await backend.setEdition({ concert_starts_at: concert, doors_open_at: doorsOpen });
    try {
      await pass();
      const since = await lastAuditId();
      const opens = doualaTime(new Date(doorsOpen.getTime() - 2 * 3_600_000));
      const refused = await doors[0].rpc('door_list', { door: 'Porte 1' });
      expect(refused).toMatchObject({
        status: 403,
        data: null,
        error: {
          code: 'P403',
          hint: 'door_not_open',
          message: `Le contrôle des entrées n’est pas encore ouvert : il ouvre le ${opens}.`,
        },
      });
      expect(await auditSince(since)).toEqual([]);
    } finally {
      await openTheDoors();
    }
  });

  it('refuses a bad door name in French and journals nothing', async () => {
    const since = await lastAuditId();
    const { error } = await doors[0].rpc('door_list', { door: '   ' });
    expect(error).toMatchObject({ code: '22023', hint: 'invalid_field' });
    expect(error?.message).toMatch(/^Nom de porte invalide/);
    expect(await auditSince(since)).toEqual([]);
  });
});
