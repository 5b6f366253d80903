/**
 * The doors an admin declares in the settings (docs/decisions/043-the-door-fits-the-hand.md):
 * door staff read them at sign-in (door_names), admins replace them (admin_save_door_names),
 * through real supabase-js clients over HTTP. Bad input stores nothing and journals nothing; a
 * change is one settings row of the journal with the list before and after; two admins saving
 * at the same moment leave one of their lists, never a mix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  backend,
  doors,
  signInFiveDoors,
  auditSince,
  lastAuditId,
} from './support/night-party-door';

signInFiveDoors();

const declared = async () =>
  (
    await backend.sql<{ name: string }>('select name from private.declared_doors order by position')
  ).map((r) => r.name);

describe('declared doors', () => {
  let admin: SupabaseClient;
  let admin2: SupabaseClient;
  beforeAll(async () => {
    await backend.createUser('portes-admin@example.cm', 'portes-password-123', { admin: true });
    await backend.createUser('portes-admin2@example.cm', 'portes-password-123', { admin: true });
    admin = await backend.signedInClient('portes-admin@example.cm', 'portes-password-123');
    admin2 = await backend.signedInClient('portes-admin2@example.cm', 'portes-password-123');
  });

  it('an admin declares the doors (cleaned), journaled once; door staff read them in order', async () => {
    const since = await lastAuditId();
    const { data, error } = await admin.rpc('admin_save_door_names', {
      names: ['  Porte   Nord ', 'Entrée VIP', 'Porte (sud)'],
    });
    expect(error).toBeNull();
    expect(data).toEqual(['Porte Nord', 'Entrée VIP', 'Porte (sud)']);
    expect((await doors[0].rpc('door_names')).data).toEqual([
      'Porte Nord',
      'Entrée VIP',
      'Porte (sud)',
    ]);
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'settings.update',
      summary: 'Paramètres modifiés : portes (Porte Nord, Entrée VIP, Porte (sud))',
      after: { door_names: ['Porte Nord', 'Entrée VIP', 'Porte (sud)'] },
    });
    // The same list again changes nothing and journals nothing.
    const again = await lastAuditId();
    await admin.rpc('admin_save_door_names', {
      names: ['Porte Nord', 'Entrée VIP', 'Porte (sud)'],
    });
    expect(await auditSince(again)).toEqual([]);
  });

  it.each([
    [[], 'Déclarez au moins une porte.'],
    [['Porte 1', 'porte 1'], 'La porte « porte 1 » est déclarée deux fois.'],
    [['<b>Porte</b>'], /^Nom de porte invalide : « <b>Porte<\/b> »/],
    [['Porte 1', '   '], /^Nom de porte invalide/],
    [['x'.repeat(41)], /^Nom de porte invalide/],
    [Array.from({ length: 21 }, (_, i) => `Porte ${i + 1}`), 'Vingt portes au plus.'],
  ] as const)('refuses %j in French, storing and journaling nothing', async (names, message) => {
    const before = await declared();
    const since = await lastAuditId();
    const { error } = await admin.rpc('admin_save_door_names', { names: [...names] });
    expect(error).toMatchObject({ code: '22023', hint: 'invalid_field', details: 'door_names' });
    expect(error?.message).toMatch(message);
    expect(await declared()).toEqual(before);
    expect(await auditSince(since)).toEqual([]);
  });

  it('the table refuses a bad name even from SQL (its check constraint)', async () => {
    await expect(
      backend.sql("insert into private.declared_doors (position, name) values (19, ' Porte ')"),
    ).rejects.toThrow(/declared_doors_name_check/);
    await expect(
      backend.sql("insert into private.declared_doors (position, name) values (19, 'porte nord')"),
    ).rejects.toThrow(/declared_doors_name_key/);
  });

  it('door staff cannot change the list', async () => {
    const before = await declared();
    const { error } = await doors[1].rpc('admin_save_door_names', { names: ['Porte pirate'] });
    expect(error?.code).toBe('42501');
    expect(await declared()).toEqual(before);
  });

  it('two admins saving at the same moment leave one whole list', async () => {
    const a = Array.from({ length: 6 }, (_, i) => `Porte A${i + 1}`);
    const b = Array.from({ length: 4 }, (_, i) => `Porte B${i + 1}`);
    const since = await lastAuditId();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? admin2 : admin).rpc('admin_save_door_names', { names: i % 2 ? b : a }),
      ),
    );
    for (const r of results) expect(r.error).toBeNull();
    expect([a, b]).toContainEqual(await declared());
    // Each save that changed the list wrote one row; none saw a half-written list.
    for (const row of await auditSince(since)) expect([a, b]).toContainEqual(row.after?.door_names);
  });
});
