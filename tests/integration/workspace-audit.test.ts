/**
 * The audit trail (docs/decisions/010-organiser-workspace.md): every admin write function, found
 * in the catalogue (public functions named admin_% and regie_%, the door's check-ins and
 * log_export), called once through the API writes exactly one audit row, with its actor and action. Readers and
 * door staff are refused every admin write (42501) and leave no row.
 * The journal of exports (log_export): workspace-export-journal.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  addParticipants,
  addReservation,
  auditSince,
  EMAIL,
  lastAuditId,
} from './workspace-fixtures';
import {
  backend,
  staff,
  signInStaffOnTheNight,
  WRITE_FUNCTIONS,
  resetPurge,
  FIXTURES,
} from './support/workspace-audit';

signInStaffOnTheNight();

describe('every admin write leaves exactly one audit row', () => {
  it('knows every write function of the catalogue', () => {
    expect(WRITE_FUNCTIONS.length).toBeGreaterThanOrEqual(18);
    expect(WRITE_FUNCTIONS).toEqual(Object.keys(FIXTURES).sort());
  });

  it.each(WRITE_FUNCTIONS)('%s, called once by an admin', async (fn) => {
    const call = await FIXTURES[fn]();
    const since = await lastAuditId(backend);
    const { error } = await staff.admin.rpc(fn, call.args);
    expect(error).toBeNull();
    const all = await auditSince(backend, since);
    expect(all.map((r) => r.action).sort()).toEqual([call.action, ...(call.also ?? [])].sort());
    const rows = all.filter((r) => r.action === call.action);
    expect(rows[0]).toMatchObject({
      actor: staff.ids.admin,
      actor_email: EMAIL('admin'),
      action: call.action,
    });
    expect(rows[0].summary).toMatch(/\S/);
    if (call.entityId) expect(rows[0].entity_id).toBe(call.entityId);
    await resetPurge();
  });

  it.each(WRITE_FUNCTIONS)(
    '%s refuses a reader, door staff (unless a door) and a user',
    async (fn) => {
      const call = await FIXTURES[fn]();
      const since = await lastAuditId(backend);
      const refused: SupabaseClient[] = [staff.lecteur, staff.user, staff.anon];
      if (!fn.startsWith('check_in')) refused.push(staff.controle);
      for (const c of refused) {
        const { error } = await c.rpc(fn, call.args);
        expect(error?.code, fn).toBe('42501');
      }
      expect(await auditSince(backend, since)).toEqual([]);
      await resetPurge();
    },
  );
});

describe('what the rows say', () => {
  it('a door check-in: one row per entry, by the door staff; a replay or a second scan adds none', async () => {
    const r = await addReservation(backend);
    const since = await lastAuditId(backend);
    const scan = crypto.randomUUID();
    const args = { code: r.pass_code, door: 'Porte 3', scan_id: scan };
    expect((await staff.controle.rpc('check_in', args)).data).toMatchObject({
      verdict: 'validated',
    });
    expect((await staff.controle.rpc('check_in', args)).data).toMatchObject({
      verdict: 'validated',
    });
    const again = { ...args, scan_id: crypto.randomUUID() };
    expect((await staff.controle.rpc('check_in', again)).data).toMatchObject({
      verdict: 'already',
    });
    expect(
      (await staff.controle.rpc('check_in', { ...args, code: 'ABCDEFGHJK' })).data,
    ).toMatchObject({ verdict: 'unknown' });
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.controle,
        actor_email: EMAIL('controle'),
        action: 'reservation.check_in',
        entity: 'reservation',
        entity_id: r.id,
        summary: 'Entrée validée à « Porte 3 »',
        after: { door: 'Porte 3', by_hand: false, scan_id: scan },
      }),
    ]);
  });

  it('an edit: the fields that changed, before and after, named in French', async () => {
    const [id] = await addParticipants(backend, 1);
    const since = await lastAuditId(backend);
    const { error } = await staff.admin.rpc('admin_update_participant', {
      p_id: id,
      p_patch: { city: 'Kribi', region: 'Sud' },
    });
    expect(error).toBeNull();
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        action: 'participant.update',
        summary: 'Fiche modifiée : ville, région',
        before: { city: 'Douala', region: 'Littoral' },
        after: { city: 'Kribi', region: 'Sud' },
      }),
    ]);
    // The same values again change nothing: no row.
    await staff.admin.rpc('admin_update_participant', {
      p_id: id,
      p_patch: { city: 'Kribi', region: 'Sud' },
    });
    expect(await auditSince(backend, since)).toHaveLength(1);
  });

  it('a refused write (invalid or by a reader) leaves nothing', async () => {
    const ids = await addParticipants(backend, 2);
    const since = await lastAuditId(backend);
    const bad = await staff.admin.rpc('admin_set_status', { ids, status: 'gagnant' });
    expect(bad.error).toMatchObject({ code: '22023', hint: 'invalid_field', details: 'status' });
    expect(await auditSince(backend, since)).toEqual([]);
  });

  it('nobody writes the journal or the data tables directly, not even an admin', async () => {
    const since = await lastAuditId(backend);
    for (const who of ['admin', 'lecteur', 'controle', 'user', 'anon'] as const) {
      const { error } = await staff[who]
        .from('audit_log')
        .insert({ action: 'export', entity: 'x', summary: 'faux' });
      expect(error, who).not.toBeNull();
    }
    const [id] = await addParticipants(backend, 1);
    for (const [table, op] of [
      ['participants', staff.admin.from('participants').update({ city: 'Kribi' }).eq('id', id)],
      ['participants', staff.admin.from('participants').delete().eq('id', id)],
      ['team_members', staff.admin.from('team_members').delete().eq('participant_id', id)],
      ['contact_messages', staff.admin.from('contact_messages').delete().neq('name', '')],
      [
        'contest_settings',
        staff.admin.from('contest_settings').update({ max_participants: 3 }).eq('id', true),
      ],
      [
        'edition_settings',
        staff.admin.from('edition_settings').update({ capacity: 3 }).eq('id', true),
      ],
    ] as const) {
      const { error } = await op;
      expect(error?.code, table).toBe('42501');
    }
    expect(await auditSince(backend, since)).toEqual([]);
  });
});
