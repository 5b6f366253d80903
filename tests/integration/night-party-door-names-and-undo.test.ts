/**
 * The door check-in (docs/decisions/009-night-party-operations.md) by door staff (role
 * controle), through real supabase-js clients over HTTP, several doors truly at once. The door
 * works only around the concert (docs/decisions/017-roles-and-door-window.md): here the concert
 * starts in an hour and the doors opened an hour ago, except in 'the door window', which moves it.
 * Here: door names, check-ins by hand and an admin undoing one.
 * Shared doors, passes and journal reads: support/night-party-door.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  backend,
  doors,
  doorIds,
  signInFiveDoors,
  pass,
  auditSince,
  lastAuditId,
} from './support/night-party-door';

signInFiveDoors();

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
          "Nom de porte invalide : de 1 à 40 lettres, chiffres, espaces ou - ' . # ° / ( ), ex. « Porte 1 ».",
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
      expect.objectContaining({ actor: doorIds[0], summary: 'Entrée validée à « admin »' }),
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
        summary: 'Entrée annulée, motif : « Pass scanné par erreur en test »',
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
