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
 * The contest pipeline (docs/decisions/010-organiser-workspace.md): status, audition slot,
 * notes and notification, in bulk, with their history and journal; the readers' masked list.
 */
const backend = testBackend();
let staff: Staff;

beforeAll(async () => {
  staff = await signInStaff(backend);
});

const statusOf = async (ids: string[]) =>
  backend.sql<{ status: string; n: number }>(
    `select status, count(*)::int n from participants where id = any($1::uuid[]) group by 1 order by 1`,
    [ids],
  );

describe('admin_set_status', () => {
  it('changes 1,000 participants in one call: one history row each, one journal row', async () => {
    const ids = await addParticipants(backend, 1000);
    const since = await lastAuditId(backend);
    const { data, error } = await staff.admin.rpc('admin_set_status', {
      ids,
      status: 'preselectionne',
    });
    expect(error).toBeNull();
    expect(data).toBe(1000);
    expect(await statusOf(ids)).toEqual([{ status: 'preselectionne', n: 1000 }]);
    expect(
      await backend.sql(
        `select from_status, to_status, actor_email, count(*)::int n
           from participant_status_history where participant_id = any($1::uuid[]) group by 1, 2, 3`,
        [ids],
      ),
    ).toEqual([
      { from_status: 'inscrit', to_status: 'preselectionne', actor_email: EMAIL('admin'), n: 1000 },
    ]);
    const rows = await auditSince(backend, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'participant.status',
      entity: 'participant',
      entity_id: null,
      summary: 'Statut « présélectionné » pour 1000 participants',
    });
    expect((rows[0].after as { ids: string[] }).ids).toEqual([...ids].sort());
    expect(Object.keys((rows[0].before as { status: object }).status)).toHaveLength(1000);

    // Those already at that status are skipped: nothing changes, nothing is written.
    const again = await staff.admin.rpc('admin_set_status', { ids, status: 'preselectionne' });
    expect(again.data).toBe(0);
    expect(await auditSince(backend, since)).toHaveLength(1);
  });

  it('refuses an unknown status in French, and an empty selection', async () => {
    const ids = await addParticipants(backend, 2);
    const bad = await staff.admin.rpc('admin_set_status', { ids, status: 'gagnant' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({
      code: '22023',
      hint: 'invalid_field',
      details: 'status',
      message:
        'Statut inconnu : choisissez inscrit, présélectionné, convoqué, finaliste, lauréat ou refusé.',
    });
    const none = await staff.admin.rpc('admin_set_status', { ids: [], status: 'refuse' });
    expect(none.error).toMatchObject({
      details: 'ids',
      message: 'Sélectionnez au moins un participant.',
    });
    expect(await statusOf(ids)).toEqual([{ status: 'inscrit', n: 2 }]);
  });
});

describe('admin_assign_slot', () => {
  it('convokes those inscrit or preselected, keeps later statuses, and clears a stale notification', async () => {
    const [a, b] = await addParticipants(backend, 2);
    const [c] = await addParticipants(backend, 1, { status: 'finaliste' });
    await staff.admin.rpc('admin_set_status', { ids: [b], status: 'preselectionne' });
    await staff.admin.rpc('admin_mark_notified', { ids: [c], channel: 'email' });
    const at = '2030-08-12T13:00:00.000Z';
    const since = await lastAuditId(backend);
    const { data, error } = await staff.admin.rpc('admin_assign_slot', {
      ids: [a, b, c],
      city: 'Yaoundé',
      at,
    });
    expect(error).toBeNull();
    expect(data).toBe(3);
    const rows = await backend.sql<Record<string, unknown>>(
      `select id::text, status, audition_city, audition_at, notified_at from participants
        where id = any($1::uuid[]) order by id`,
      [[a, b, c]],
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[a]).toMatchObject({
      status: 'convoque',
      audition_city: 'Yaoundé',
      notified_at: null,
    });
    expect(byId[b]).toMatchObject({ status: 'convoque' });
    expect(byId[c]).toMatchObject({ status: 'finaliste', notified_at: null });
    expect(new Date(byId[a].audition_at as string).toISOString()).toBe(at);
    expect(
      await backend.sql(
        `select from_status, to_status from participant_status_history
          where participant_id = any($1::uuid[]) and to_status = 'convoque' order by 1`,
        [[a, b, c]],
      ),
    ).toEqual([
      { from_status: 'inscrit', to_status: 'convoque' },
      { from_status: 'preselectionne', to_status: 'convoque' },
    ]);
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        action: 'participant.slot',
        summary: 'Audition à Yaoundé le 12/08/2030 à 14 h pour 3 participants',
      }),
    ]);
  });

  it('refuses an unknown city or a slot without its date, in French', async () => {
    const ids = await addParticipants(backend, 1);
    const city = await staff.admin.rpc('admin_assign_slot', {
      ids,
      city: 'Kribi',
      at: '2030-08-12T13:00:00Z',
    });
    expect(city.error).toMatchObject({
      code: '22023',
      details: 'city',
      message:
        'Ville d’audition inconnue : choisissez Douala, Yaoundé, Bafoussam, Garoua ou Limbe.',
    });
    const noDate = await staff.admin.rpc('admin_assign_slot', { ids, city: 'Douala', at: null });
    expect(noDate.error).toMatchObject({ details: 'at' });
  });
});

describe('notes and notification', () => {
  it('admin_set_notes keeps 2,000 characters at most, and blank clears them', async () => {
    const [id] = await addParticipants(backend, 1);
    expect(
      (await staff.admin.rpc('admin_set_notes', { id, notes: '  À rappeler  ' })).error,
    ).toBeNull();
    expect(await backend.sql(`select notes from participants where id = $1`, [id])).toEqual([
      { notes: 'À rappeler' },
    ]);
    const long = await staff.admin.rpc('admin_set_notes', { id, notes: 'x'.repeat(2001) });
    expect(long.error).toMatchObject({
      details: 'notes',
      message: 'Les notes ne doivent pas dépasser 2000 caractères.',
    });
    await staff.admin.rpc('admin_set_notes', { id, notes: ' \u200b ' });
    expect(await backend.sql(`select notes from participants where id = $1`, [id])).toEqual([
      { notes: null },
    ]);
  });

  it('admin_mark_notified records when and who, for a known channel only', async () => {
    const ids = await addParticipants(backend, 2);
    const { data } = await staff.admin.rpc('admin_mark_notified', { ids, channel: 'whatsapp' });
    expect(data).toBe(2);
    expect(
      await backend.sql(
        `select count(*)::int n from participants where id = any($1::uuid[])
           and notified_at > now() - interval '1 minute' and notified_by = $2`,
        [ids, staff.ids.admin],
      ),
    ).toEqual([{ n: 2 }]);
    const bad = await staff.admin.rpc('admin_mark_notified', { ids, channel: 'sms' });
    expect(bad.error).toMatchObject({
      details: 'channel',
      message: 'Canal inconnu : choisissez whatsapp ou e-mail.',
    });
  });
});

describe('readers (lecteur)', () => {
  it('read the list with contact details masked, and never the participants table', async () => {
    const [id] = await addParticipants(backend, 1, { teamEvery: 1 });
    await staff.admin.rpc('admin_set_status', { ids: [id], status: 'finaliste' });
    const [p] = await backend.sql<{ email: string; phone: string }>(
      `select email, phone from participants where id = $1`,
      [id],
    );
    const { data, error } = await staff.lecteur
      .from('participant_directory')
      .select('*')
      .eq('id', id);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const row = data![0];
    expect(row).toMatchObject({
      status: 'finaliste',
      email: `a•••@example.cm`,
      phone: `6•• •• •• ${p.phone.slice(-2)}`,
      team_members: [
        expect.objectContaining({
          position: 1,
          email: 'm•••@example.cm',
          phone: expect.stringMatching(/^2•• •• •• \d\d$/),
        }),
      ],
    });
    expect(JSON.stringify(row)).not.toContain(p.email);
    expect(JSON.stringify(row)).not.toContain(p.phone);
    for (const table of ['participants', 'team_members']) {
      const { data: rows } = await staff.lecteur.from(table).select('*');
      expect(rows ?? [], table).toEqual([]);
    }
    // The history and the statistics, yes; the bin and the journal, no.
    const history = await staff.lecteur
      .from('participant_status_history')
      .select('from_status, to_status')
      .eq('participant_id', id);
    expect(history.data).toEqual([{ from_status: 'inscrit', to_status: 'finaliste' }]);
    const stats = await staff.lecteur.rpc('participant_stats');
    expect(stats.error).toBeNull();
    expect((stats.data as { byStatus: Record<string, number> }).byStatus.finaliste).toBeGreaterThan(
      0,
    );
    expect((await staff.lecteur.rpc('binned_participants')).error?.code).toBe('42501');
    expect((await staff.lecteur.from('audit_log').select('*')).data ?? []).toEqual([]);
  });

  it('door staff and non-staff see none of it', async () => {
    await addParticipants(backend, 1);
    for (const who of ['controle', 'user', 'anon'] as const) {
      for (const table of ['participant_directory', 'participant_status_history', 'audit_log']) {
        const { data } = await staff[who].from(table).select('*');
        expect(data ?? [], `${who} ${table}`).toEqual([]);
      }
      expect((await staff[who].rpc('participant_stats')).error?.code, who).toBe('42501');
    }
  });

  it('the list follows every change of the participants and their members', async () => {
    const [id] = await addParticipants(backend, 1, { teamEvery: 1 });
    const read = async () =>
      (await staff.lecteur.from('participant_directory').select('*').eq('id', id)).data?.[0];
    await staff.admin.rpc('admin_update_participant', {
      p_id: id,
      p_patch: { city: 'Kribi' },
      p_members: [
        { full_name: 'Nouveau Membre', phone: '288888888', email: null },
        { full_name: 'Autre Membre', phone: '288888889', email: 'autre@example.cm' },
      ],
    });
    await staff.admin.rpc('admin_assign_slot', {
      ids: [id],
      city: 'Limbe',
      at: '2030-08-12T13:00:00Z',
    });
    expect(await read()).toMatchObject({
      city: 'Kribi',
      status: 'convoque',
      audition_city: 'Limbe',
      team_members: [
        expect.objectContaining({
          full_name: 'Nouveau Membre',
          email: null,
          phone: '2•• •• •• 88',
        }),
        expect.objectContaining({ full_name: 'Autre Membre', email: 'a•••@example.cm' }),
      ],
    });
  });
});
