/**
 * The inbox of the organisers' workspace (docs/decisions/010-organiser-workspace.md): admins mark
 * a message handled and back; readers read and count; nobody else.
 */
import { describe, expect, it } from 'vitest';
import { addMessage, auditSince, lastAuditId } from './workspace-fixtures';
import { backend, staff, signInStaffAndResetEdition } from './support/retention';

signInStaffAndResetEdition();

describe('the inbox', () => {
  it('admins mark a message handled and back; readers read and count, nobody else', async () => {
    const id = await addMessage(backend);
    const count = async (who: 'admin' | 'lecteur') =>
      (await staff[who].rpc('unhandled_message_count')).data as number;
    const before = await count('admin');
    expect(await count('lecteur')).toBe(before);
    const since = await lastAuditId(backend);

    expect(
      (await staff.admin.rpc('admin_set_message_handled', { id, handled: true })).error,
    ).toBeNull();
    expect(await count('lecteur')).toBe(before - 1);
    const { data } = await staff.lecteur
      .from('contact_messages')
      .select('handled_at, handled_by')
      .eq('id', id);
    expect(data).toEqual([{ handled_at: expect.any(String), handled_by: staff.ids.admin }]);
    // Marking it again changes nothing and writes nothing.
    await staff.admin.rpc('admin_set_message_handled', { id, handled: true });
    expect(
      (await staff.admin.rpc('admin_set_message_handled', { id, handled: false })).error,
    ).toBeNull();
    expect(await count('admin')).toBe(before);
    expect((await auditSince(backend, since)).map((r) => r.summary)).toEqual([
      'Message marqué comme traité',
      'Message marqué comme non traité',
    ]);

    const unknown = await staff.admin.rpc('admin_set_message_handled', {
      id: crypto.randomUUID(),
      handled: true,
    });
    expect(unknown.error).toMatchObject({ hint: 'not_found', message: 'Message non trouvé.' });
    expect(
      (await staff.lecteur.rpc('admin_set_message_handled', { id, handled: true })).error?.code,
    ).toBe('42501');
    for (const who of ['controle', 'user', 'anon'] as const) {
      expect((await staff[who].rpc('unhandled_message_count')).error?.code, who).toBe('42501');
      expect((await staff[who].from('contact_messages').select('*')).data ?? [], who).toEqual([]);
    }
  });
});
