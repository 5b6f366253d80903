/**
 * Retention (docs/decisions/010-organiser-workspace.md, 018-scheduled-purge-and-journal.md): the
 * purge date comes at least 30 days after the concert and the registrations' close; an admin
 * schedules the purge, every admin sees it and any may cancel it, and it runs no sooner than 7
 * days after the request and not before the purge date. It deletes the edition's personal data
 * except the laureates' registrations and redacts the journal's before/after.
 *
 * Time: the database's clock cannot be moved from a test, so the tests move the one timestamp
 * the rule reads instead (private.purge_requests.requested_at, as superuser), or set the purge
 * date by hand where admin_update_settings would refuse it (a concert 30 days ahead).
 * Here: the scheduled purge (the purge date and its guards: workspace-retention.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  addMessage,
  addParticipants,
  addReservation,
  auditSince,
  EMAIL,
  lastAuditId,
} from './workspace-fixtures';
import {
  backend,
  staff,
  admin2,
  admin2Id,
  signInStaffAndResetEdition,
  day,
  personalCounts,
  backdateRequest,
  R,
} from './support/retention';

signInStaffAndResetEdition();

/** No purge scheduled: public.purge_scheduled with every field null (a null composite). */
const NO_PURGE = {
  id: null,
  requested_at: null,
  requested_by_email: null,
  runs_at: null,
  due: null,
};

describe('the scheduled purge', () => {
  it('every admin sees it, another admin cancels it, and both are journaled', async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date + 70`);
    expect((await staff.admin.rpc('scheduled_purge')).data).toEqual(NO_PURGE);
    const since = await lastAuditId(backend);

    const { data, error } = await staff.admin.rpc('admin_request_purge');
    expect(error).toBeNull();
    const [{ runs, purgeAt }] = await backend.sql<{ runs: string; purgeAt: string }>(
      `select to_char(current_date + 70, 'DD/MM/YYYY') runs, (current_date + 70)::text "purgeAt"`,
    );
    expect(data).toMatchObject({
      requested_by_email: EMAIL('admin'),
      runs_at: expect.any(String),
      due: false,
    });
    // The other admin and a reader see the same schedule (the banner of every admin page).
    expect((await admin2.rpc('scheduled_purge')).data).toEqual(data);
    expect((await staff.lecteur.rpc('scheduled_purge')).data).toEqual(data);
    for (const who of ['controle', 'user', 'anon'] as const) {
      expect((await staff[who].rpc('scheduled_purge')).error?.code, who).toBe('42501');
    }
    // Only one at a time, its date frozen while it is scheduled, readers cannot touch it.
    expect((await admin2.rpc('admin_request_purge')).error).toMatchObject({
      hint: 'purge_already_requested',
    });
    expect(
      (
        await staff.admin.rpc('admin_update_settings', {
          payload: { personal_data_purge_at: day(80) },
        })
      ).error,
    ).toMatchObject({
      details: 'personal_data_purge_at',
      message:
        'Une purge des données personnelles est programmée : annulez-la avant de changer sa date.',
    });
    for (const fn of ['admin_request_purge', 'admin_cancel_purge']) {
      expect((await staff.lecteur.rpc(fn)).error?.code, fn).toBe('42501');
    }

    expect((await admin2.rpc('admin_cancel_purge')).error).toBeNull();
    expect((await staff.admin.rpc('scheduled_purge')).data).toEqual(NO_PURGE);
    expect((await staff.admin.rpc('admin_cancel_purge')).error).toMatchObject({
      hint: 'purge_not_requested',
    });
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.admin,
        action: 'retention.request',
        entity: 'retention',
        summary: `Purge des données personnelles programmée pour le ${runs} à 0 h`,
        after: expect.objectContaining({ personal_data_purge_at: purgeAt }),
      }),
      expect.objectContaining({
        actor: admin2Id,
        actor_email: 'admin2@example.cm',
        action: 'retention.cancel',
        summary: `Purge des données personnelles prévue le ${runs} à 0 h annulée`,
        before: expect.objectContaining({ requested_by_email: EMAIL('admin') }),
      }),
    ]);
    // Cancelled, nothing ran: a new request starts a new delay.
    expect((await staff.admin.rpc('admin_request_purge')).error).toBeNull();
  });

  it('runs only 7 days after the request and from the purge date', async () => {
    await addParticipants(backend, 2);
    await addReservation(backend);
    // A purge date already reached (set by hand: the concert here is ahead).
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date - 1`);
    expect((await staff.admin.rpc('admin_request_purge')).error).toBeNull();
    const before = await personalCounts();

    await backdateRequest('6 days 23 hours 59 minutes');
    expect((await staff.admin.rpc('admin_purge_personal_data')).error).toMatchObject({
      hint: 'purge_not_due',
    });
    expect(await backend.sql('select private.run_due_purge() r')).toEqual([{ r: null }]);
    expect(await personalCounts()).toEqual(before);

    // 7 days old, but the purge date is the day after tomorrow: still waiting.
    await backdateRequest('7 days 1 minute');
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date + 2`);
    expect((await staff.admin.rpc('scheduled_purge')).data).toMatchObject({ due: false });
    expect((await staff.admin.rpc('admin_purge_personal_data')).error).toMatchObject({
      hint: 'purge_not_due',
    });

    // Both passed: the scheduler's call (pg_cron, no one signed in) runs it.
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date`);
    expect((await staff.admin.rpc('scheduled_purge')).data).toMatchObject({ due: true });
    const since = await lastAuditId(backend);
    const [{ r }] = await backend.sql<{ r: Record<string, number> }>(
      'select private.run_due_purge() r',
    );
    expect(r).toMatchObject({ participants: before.participants, reservations: 1 });
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: null,
        action: 'retention.purge',
        before: expect.objectContaining({ requested_by_email: EMAIL('admin') }),
        after: r,
      }),
    ]);
    expect((await staff.admin.rpc('scheduled_purge')).data).toEqual(NO_PURGE);
    // Done: nothing more to run.
    expect(await backend.sql('select private.run_due_purge() r')).toEqual([{ r: null }]);
    expect((await staff.admin.rpc('admin_purge_personal_data')).error).toMatchObject({
      hint: 'purge_not_requested',
    });
  });

  it('"Purger maintenant" once due: deletes everything personal but the laureates; the journal keeps its before/after, redacted', async () => {
    const laureates = await addParticipants(backend, 2, { teamEvery: 2 });
    const others = await addParticipants(backend, 5, { teamEvery: 2 });
    await staff.admin.rpc('admin_set_status', { ids: laureates, status: 'laureat' });
    await staff.admin.rpc('admin_set_status', { ids: others.slice(0, 2), status: 'finaliste' });
    await staff.admin.rpc('admin_set_notes', { id: others[0], notes: 'Très bien' });
    await staff.admin.rpc('admin_set_notes', { id: laureates[0], notes: 'Gagnante' });
    await staff.admin.rpc('admin_update_participant', {
      p_id: others[1],
      p_patch: { full_name: 'Nom Corrigé', city: 'Kribi' },
    });
    // A laureate in the bin goes too.
    const [binned] = await addParticipants(backend, 1, { status: 'laureat' });
    await staff.admin.rpc('admin_delete_participant', { id: binned });
    const reservation = await addReservation(backend);
    await staff.admin.rpc('admin_check_in', { id: reservation.id });
    const cancelled = await addReservation(backend);
    await staff.admin.rpc('admin_cancel_reservation', { id: cancelled.id });
    await staff.admin.rpc('log_export', {
      what: 'participants',
      filters: { search: 'Artiste 3', status: 'finaliste' },
      row_count: 1,
    });
    await addMessage(backend);
    const keptBefore = await backend.sql(
      `select id, full_name, email, phone, status, notes from participants
        where id = any($1::uuid[]) order by id`,
      [laureates],
    );
    const counts = await personalCounts();
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date`);
    expect((await staff.admin.rpc('admin_request_purge')).error).toBeNull();
    await backdateRequest('7 days 1 minute');

    const since = await lastAuditId(backend);
    const { data, error } = await admin2.rpc('admin_purge_personal_data');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      participants: counts.participants - 2,
      team_members: counts.team_members - 1,
      reservations: counts.reservations,
      contact_messages: counts.contact_messages,
      audit_rows_redacted: expect.any(Number),
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
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: admin2Id,
        action: 'retention.purge',
        entity: 'retention',
        after: data,
        summary: expect.stringMatching(/^Purge des données personnelles : \d+ participants/),
      }),
    ]);

    // The journal keeps who did what and its before/after; the personal data in them is redacted.
    const rows = async (action: string) =>
      backend.sql(`select entity_id, before, after from audit_log where action = $1 order by id`, [
        action,
      ]);
    expect(await rows('participant.notes')).toEqual([
      { entity_id: others[0], before: { notes: null }, after: { notes: R } },
      // A kept laureate's journal is untouched.
      { entity_id: laureates[0], before: { notes: null }, after: { notes: 'Gagnante' } },
    ]);
    expect(await rows('participant.update')).toEqual([
      {
        entity_id: others[1],
        before: { city: 'Douala', full_name: R },
        after: { city: 'Kribi', full_name: R },
      },
    ]);
    expect(await rows('participant.delete')).toEqual([
      {
        entity_id: binned,
        before: expect.objectContaining({
          full_name: R,
          email: R,
          phone: R,
          city: 'Douala',
          region: 'Littoral',
          category: 'dance',
          participation_type: 'solo',
          team_members: [],
        }),
        after: null,
      },
    ]);
    const statuses = await rows('participant.status');
    expect(statuses.at(-1)).toMatchObject({
      before: { status: { [others[0]]: 'inscrit', [others[1]]: 'inscrit' } },
      after: { status: 'finaliste', ids: expect.arrayContaining(others.slice(0, 2)) },
    });
    expect(await rows('reservation.cancel')).toEqual([
      { entity_id: cancelled.id, before: { state: 'confirmed' }, after: { state: 'cancelled' } },
    ]);
    expect(await rows('reservation.check_in')).toEqual([
      {
        entity_id: reservation.id,
        before: null,
        after: expect.objectContaining({ by_hand: true, door: null }),
      },
    ]);
    expect(await rows('export')).toEqual([
      {
        entity_id: null,
        before: null,
        after: { filters: { search: R, status: 'finaliste' }, row_count: 1 },
      },
    ]);
    // No personal value is left anywhere in the journal but the laureates'.
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int n from audit_log
        where (before::text || coalesce(after::text, '')) ~ '(Artiste|Marie Nana|@example\\.cm"|Très bien|Nom Corrigé)'
          and not (entity = 'participant' and entity_id = any($1::text[]))
          and entity <> 'settings' and action not like 'retention.%'`,
      [laureates],
    );
    expect(n).toBe(0);
  });
});
