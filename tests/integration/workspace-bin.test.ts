import { beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';
import {
  addParticipants,
  auditSince,
  EMAIL,
  lastAuditId,
  signInStaff,
  type Staff,
} from './workspace-fixtures';

/**
 * The bin (docs/decisions/010-organiser-workspace.md): a deleted participant leaves every list
 * and statistic, is restorable for 30 days, then is purged for good.
 */
const backend = testBackend();
let staff: Staff;

beforeAll(async () => {
  staff = await signInStaff(backend);
});

const visible = async (id: string) => {
  const { data, error } = await staff.admin.from('participants').select('id').eq('id', id);
  expect(error).toBeNull();
  return (data ?? []).length > 0;
};
const inDirectory = async (id: string) => {
  const { data, error } = await staff.lecteur
    .from('participant_directory')
    .select('id')
    .eq('id', id);
  expect(error).toBeNull();
  return (data ?? []).length > 0;
};
const total = async () => {
  const { data, error } = await staff.admin.rpc('participant_stats');
  expect(error).toBeNull();
  return (data as { total: number }).total;
};
const bin = async () => {
  const { data, error } = await staff.admin.rpc('binned_participants');
  expect(error).toBeNull();
  return data as {
    id: string;
    full_name: string;
    deleted_at: string;
    deleted_by_email: string | null;
    purge_at: string;
  }[];
};

describe('admin_delete_participant and admin_restore_participant', () => {
  it('delete: gone from the lists, the directory and the statistics, listed in the bin; restore: back', async () => {
    const [id] = await addParticipants(backend, 1, { teamEvery: 1 });
    const before = await total();
    expect(await visible(id)).toBe(true);
    expect(await inDirectory(id)).toBe(true);

    const del = await staff.admin.rpc('admin_delete_participant', { id });
    expect(del.error).toBeNull();
    expect(await visible(id)).toBe(false);
    expect(await inDirectory(id)).toBe(false);
    expect(await total()).toBe(before - 1);
    const [entry] = (await bin()).filter((b) => b.id === id);
    expect(entry).toMatchObject({
      full_name: expect.stringMatching(/^Artiste /),
      deleted_by_email: EMAIL('admin'),
    });
    expect(new Date(entry.purge_at).getTime() - new Date(entry.deleted_at).getTime()).toBe(
      30 * 86_400_000,
    );
    // Kept as it was, members included, until purged.
    expect(
      await backend.sql(`select count(*)::int n from team_members where participant_id = $1`, [id]),
    ).toEqual([{ n: 1 }]);

    const restore = await staff.admin.rpc('admin_restore_participant', { id });
    expect(restore.error).toBeNull();
    expect(await visible(id)).toBe(true);
    expect(await inDirectory(id)).toBe(true);
    expect(await total()).toBe(before);
    expect((await bin()).map((b) => b.id)).not.toContain(id);
  });

  it('refuses in French an unknown participant, one already in the bin, or a restore of one not in it', async () => {
    const [id] = await addParticipants(backend, 1);
    const unknown = await staff.admin.rpc('admin_delete_participant', { id: crypto.randomUUID() });
    expect(unknown.error).toMatchObject({
      code: 'P0001',
      hint: 'not_found',
      message: 'Participant non trouvé.',
    });
    const notBinned = await staff.admin.rpc('admin_restore_participant', { id });
    expect(notBinned.error).toMatchObject({
      code: 'P0001',
      hint: 'not_found',
      message: 'Ce participant n’est pas dans la corbeille.',
    });
    expect((await staff.admin.rpc('admin_delete_participant', { id })).error).toBeNull();
    expect((await staff.admin.rpc('admin_delete_participant', { id })).error).toMatchObject({
      hint: 'not_found',
    });
  });

  it('a binned participant cannot be edited, and its e-mail and phone stay taken until purged', async () => {
    const [id] = await addParticipants(backend, 1);
    await staff.admin.rpc('admin_delete_participant', { id });
    const edit = await staff.admin.rpc('admin_update_participant', {
      p_id: id,
      p_patch: { city: 'Kribi' },
    });
    expect(edit.error).toMatchObject({ hint: 'not_found' });
    const status = await staff.admin.rpc('admin_set_status', { ids: [id], status: 'refuse' });
    expect(status.data).toBe(0);

    const [p] = await backend.sql<{ email: string; phone: string }>(
      `select email, phone from participants where id = $1`,
      [id],
    );
    await backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = 100000`);
    const { data, error } = await backend.anonClient().rpc('register_participant', {
      payload: {
        full_name: 'Nouvelle Personne',
        email: p.email,
        phone: '699999999',
        city: 'Douala',
        region: 'Littoral',
        category: 'dance',
        participation_type: 'solo',
        agree_to_terms: true,
        pow: await backend.proofOfWork(),
      },
    });
    expect(error ?? data).toMatchObject({ hint: 'duplicate_email' });
  });
});

describe('the purge of the bin after 30 days', () => {
  it('admin_purge_bin deletes a participant binned 31 days ago for good, with one bin.purge row', async () => {
    const [old, recent] = await addParticipants(backend, 2, { teamEvery: 1 });
    await staff.admin.rpc('admin_set_notes', { id: old, notes: 'Une note' });
    await staff.admin.rpc('admin_delete_participant', { id: old });
    await staff.admin.rpc('admin_delete_participant', { id: recent });
    // Deleted 31 days ago: set by hand.
    await backend.sql(
      `update participants set deleted_at = now() - interval '31 days' where id = $1`,
      [old],
    );
    const since = await lastAuditId(backend);
    const { data, error } = await staff.admin.rpc('admin_purge_bin');
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(
      await backend.sql(
        `select (select count(*)::int from participants where id = $1) p,
                (select count(*)::int from team_members where participant_id = $1) m,
                (select count(*)::int from private.phone_owners where participant_id = $1) phones`,
        [old],
      ),
    ).toEqual([{ p: 0, m: 0, phones: 0 }]);
    expect((await bin()).map((b) => b.id)).toEqual(expect.arrayContaining([recent]));
    expect((await bin()).map((b) => b.id)).not.toContain(old);
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        action: 'bin.purge',
        actor_email: EMAIL('admin'),
        summary: 'Corbeille vidée : 1 participant supprimé définitivement',
        after: { count: 1, ids: [old] },
      }),
    ]);
    // The personal data of its journal rows went with it (redacted: docs/decisions/018-…); the
    // rows and what is not personal (category, mode, city) stay.
    const R = '[effacé]';
    expect(
      await backend.sql(
        `select action, before, after from audit_log where entity_id = $1 order by id`,
        [old],
      ),
    ).toEqual([
      { action: 'participant.notes', before: { notes: null }, after: { notes: R } },
      {
        action: 'participant.delete',
        before: expect.objectContaining({
          full_name: R,
          email: R,
          phone: R,
          city: 'Douala',
          category: 'dance',
          participation_type: 'team',
          team_name: R,
          team_members: [{ full_name: R, email: R, phone: R }],
        }),
        after: null,
      },
    ]);
    // Nothing older than 30 days left: nothing purged, no row.
    const again = await lastAuditId(backend);
    expect((await staff.admin.rpc('admin_purge_bin')).data).toBe(0);
    expect(await auditSince(backend, again)).toEqual([]);
  });

  it('a delete empties the bin of what is older than 30 days first', async () => {
    const [old, next] = await addParticipants(backend, 2);
    await backend.sql(
      `update participants set deleted_at = now() - interval '40 days' where id = $1`,
      [old],
    );
    const since = await lastAuditId(backend);
    expect((await staff.admin.rpc('admin_delete_participant', { id: next })).error).toBeNull();
    expect((await auditSince(backend, since)).map((r) => r.action)).toEqual([
      'bin.purge',
      'participant.delete',
    ]);
    expect(await backend.sql(`select id from participants where id = $1`, [old])).toEqual([]);
  });

  it('only admins see or empty the bin', async () => {
    for (const who of ['lecteur', 'controle', 'user', 'anon'] as const) {
      expect((await staff[who].rpc('binned_participants')).error?.code, who).toBe('42501');
      expect((await staff[who].rpc('admin_purge_bin')).error?.code, who).toBe('42501');
    }
  });
});
