import { beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';
import {
  addMessage,
  addParticipants,
  addReservation,
  auditSince,
  lastAuditId,
  signInStaff,
  type Staff,
} from './workspace-fixtures';

/**
 * Retention (docs/decisions/010-organiser-workspace.md): from the day organisers set, one call
 * deletes the edition's personal data except the laureates' registrations.
 */
const backend = testBackend();
let staff: Staff;

beforeAll(async () => {
  staff = await signInStaff(backend);
});

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('the purge date (admin_update_settings)', () => {
  it('takes a date after the concert and the registrations, or null; refuses others in French', async () => {
    // tests/setup/backend.ts puts the concert 30 days ahead.
    const ok = await staff.admin.rpc('admin_update_settings', {
      payload: { personal_data_purge_at: day(60) },
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ personal_data_purge_at: day(60) });
    const early = await staff.admin.rpc('admin_update_settings', {
      payload: { personal_data_purge_at: day(10) },
    });
    expect(early.error).toMatchObject({
      code: '22023',
      details: 'personal_data_purge_at',
      message:
        'La purge des données personnelles doit suivre le concert et la clôture des inscriptions.',
    });
    for (const bad of ['31/12/2030', '2030-02-30', 20301231]) {
      const { error } = await staff.admin.rpc('admin_update_settings', {
        payload: { personal_data_purge_at: bad },
      });
      expect(error, String(bad)).toMatchObject({
        details: 'personal_data_purge_at',
        message: 'Date de purge des données personnelles invalide (AAAA-MM-JJ).',
      });
    }
    const cleared = await staff.admin.rpc('admin_update_settings', {
      payload: { personal_data_purge_at: null },
    });
    expect(cleared.data).toMatchObject({ personal_data_purge_at: null });
  });
});

describe('admin_purge_personal_data', () => {
  it('is refused, in French, while no date is set and before the date', async () => {
    const since = await lastAuditId(backend);
    const unset = await staff.admin.rpc('admin_purge_personal_data');
    expect(unset.error).toMatchObject({ code: 'P0001', hint: 'purge_date_unset' });
    expect(unset.error?.message).toMatch(/^Aucune date de purge/);
    await staff.admin.rpc('admin_update_settings', {
      payload: { personal_data_purge_at: day(60) },
    });
    const early = await staff.admin.rpc('admin_purge_personal_data');
    const [y, m, d] = day(60).split('-');
    expect(early.error).toMatchObject({
      code: 'P0001',
      hint: 'purge_not_due',
      message: `Les données personnelles ne pourront être purgées qu'à partir du ${d}/${m}/${y}.`,
    });
    expect((await staff.lecteur.rpc('admin_purge_personal_data')).error?.code).toBe('42501');
    expect(
      (await auditSince(backend, since)).filter((r) => r.action === 'retention.purge'),
    ).toEqual([]);
  });

  it('from the date: deletes everything personal but the laureates, and says how much', async () => {
    const laureates = await addParticipants(backend, 2, { teamEvery: 2 });
    const others = await addParticipants(backend, 5, { teamEvery: 2 });
    await staff.admin.rpc('admin_set_status', { ids: laureates, status: 'laureat' });
    await staff.admin.rpc('admin_set_status', { ids: others.slice(0, 2), status: 'finaliste' });
    await staff.admin.rpc('admin_set_notes', { id: others[0], notes: 'Très bien' });
    await staff.admin.rpc('admin_set_notes', { id: laureates[0], notes: 'Gagnante' });
    // A laureate in the bin goes too.
    const [binned] = await addParticipants(backend, 1, { status: 'laureat' });
    await staff.admin.rpc('admin_delete_participant', { id: binned });
    const reservation = await addReservation(backend);
    await staff.admin.rpc('admin_check_in', { id: reservation.id });
    await addMessage(backend);
    const keptBefore = await backend.sql(
      `select id, full_name, email, phone, status, notes from participants
        where id = any($1::uuid[]) order by id`,
      [laureates],
    );
    const [counts] = await backend.sql<Record<string, number>>(
      `select (select count(*)::int from participants) participants,
              (select count(*)::int from team_members) team_members,
              (select count(*)::int from reservations) reservations,
              (select count(*)::int from contact_messages) contact_messages`,
    );
    // The date has come (set by hand: admin_update_settings takes none before the concert).
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date`);

    const since = await lastAuditId(backend);
    const { data, error } = await staff.admin.rpc('admin_purge_personal_data');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      participants: counts.participants - 2,
      team_members: counts.team_members - 1,
      reservations: counts.reservations,
      contact_messages: counts.contact_messages,
      laureates_kept: 2,
    });
    expect(
      await backend.sql(
        `select id, full_name, email, phone, status, notes from participants order by id`,
      ),
    ).toEqual(keptBefore);
    expect(
      await backend.sql(
        `select (select count(*)::int from team_members) m, (select count(*)::int from reservations) r,
                (select count(*)::int from contact_messages) c,
                (select count(*)::int from participant_directory) d,
                (select count(*)::int from private.rate_hits) h`,
      ),
    ).toEqual([{ m: 1, r: 0, c: 0, d: 2, h: 0 }]);
    const rows = await auditSince(backend, since);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'retention.purge',
        entity: 'retention',
        after: data,
        summary: expect.stringMatching(/^Purge des données personnelles : \d+ participants/),
      }),
    ]);
    // The journal keeps who did what; the personal data of the deleted went with them.
    expect(
      await backend.sql(
        `select entity_id, before, after from audit_log
          where action = 'participant.notes' order by id`,
      ),
    ).toEqual([
      { entity_id: others[0], before: null, after: null },
      { entity_id: laureates[0], before: { notes: null }, after: { notes: 'Gagnante' } },
    ]);
    expect(
      await backend.sql(
        `select count(*)::int n from audit_log
          where entity in ('reservation', 'message') and (before is not null or after is not null)`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});

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

describe('log_export', () => {
  it('records an admin export with its filters and row count; refuses readers', async () => {
    const since = await lastAuditId(backend);
    const ok = await staff.admin.rpc('log_export', {
      what: 'participants_excel',
      filters: { status: 'convoque', city: 'Douala' },
      row_count: 42,
    });
    expect(ok.error).toBeNull();
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        action: 'export',
        entity: 'participants_excel',
        summary: 'Export « participants_excel » : 42 lignes',
        after: { filters: { status: 'convoque', city: 'Douala' }, row_count: 42 },
      }),
    ]);
    expect(
      (await staff.lecteur.rpc('log_export', { what: 'participants', filters: {}, row_count: 1 }))
        .error?.code,
    ).toBe('42501');
    const bad = await staff.admin.rpc('log_export', { what: ' ', filters: {}, row_count: 1 });
    expect(bad.error).toMatchObject({ code: '22023', details: 'what' });
  });
});
