import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  addMessage,
  addParticipants,
  addReservation,
  auditSince,
  EMAIL,
  lastAuditId,
  signInStaff,
  type Staff,
} from './workspace-fixtures';

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
 */
const backend = testBackend();
let staff: Staff;
/** A second admin, to cancel what the first one scheduled. */
let admin2: SupabaseClient;
let admin2Id: string;

beforeAll(async () => {
  staff = await signInStaff(backend);
  admin2Id = await backend.createUser('admin2@example.cm', 'admin2-password-123', {
    role: 'admin',
  });
  admin2 = await backend.signedInClient('admin2@example.cm', 'admin2-password-123');
});

beforeEach(async () => {
  await backend.sql(`begin;
    delete from private.purge_requests;
    update edition_settings set personal_data_purge_at = null,
      concert_starts_at = now() + interval '30 days',
      doors_open_at = now() + interval '30 days' - interval '2 hours',
      reservations_open_at = now() - interval '1 day', reservations_close_at = null;
    commit;`);
});

/** A day (yyyy-mm-dd, UTC) `offset` days from today. */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

/** Rows of the edition's personal data, as superuser. */
const personalCounts = async () =>
  (
    await backend.sql<Record<string, number>>(
      `select (select count(*)::int from participants) participants,
              (select count(*)::int from team_members) team_members,
              (select count(*)::int from reservations) reservations,
              (select count(*)::int from contact_messages) contact_messages`,
    )
  )[0];

/** Moves the pending request's time back by `ms` (what the clock would have done). */
const backdateRequest = (interval: string) =>
  backend.sql(
    `update private.purge_requests set requested_at = now() - $1::interval
      where cancelled_at is null and ran_at is null`,
    [interval],
  );

const R = '[effacé]';

describe('the purge date (admin_update_settings)', () => {
  it('takes a date 30 days or more after the concert and the registrations, or null; refuses others in French', async () => {
    // The concert is 30 days ahead (beforeEach): the purge date may be 60 days ahead or later.
    const ok = await staff.admin.rpc('admin_update_settings', {
      payload: { personal_data_purge_at: day(70) },
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ personal_data_purge_at: day(70) });
    for (const early of [day(10), day(45)]) {
      const { error } = await staff.admin.rpc('admin_update_settings', {
        payload: { personal_data_purge_at: early },
      });
      expect(error, early).toMatchObject({
        code: '22023',
        details: 'personal_data_purge_at',
        message:
          'La purge des données personnelles doit venir au moins 30 jours après le concert et la clôture des inscriptions.',
      });
    }
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

  it('refuses moving the concert into the past once places are reserved', async () => {
    await addReservation(backend);
    const { error } = await staff.admin.rpc('admin_update_settings', {
      payload: {
        concert_starts_at: iso(-1),
        doors_open_at: iso(-1.1),
        reservations_open_at: iso(-10),
      },
    });
    expect(error).toMatchObject({
      code: '22023',
      details: 'concert_starts_at',
      message:
        'Des places sont réservées : le début du concert ne peut pas être placé dans le passé.',
    });
    // Later is fine.
    const later = await staff.admin.rpc('admin_update_settings', {
      payload: { concert_starts_at: iso(31) },
    });
    expect(later.error).toBeNull();
  });

  it('checks the contact e-mail with the shared rule (private.email_is_valid)', async () => {
    for (const bad of ['a?b@example.cm', 'a&b@example.cm', 'x@-example.cm', 'x@example']) {
      const { error } = await staff.admin.rpc('admin_update_settings', {
        payload: { contact_email: bad },
      });
      expect(error, bad).toMatchObject({
        details: 'contact_email',
        message: 'Adresse email invalide',
      });
    }
    const ok = await staff.admin.rpc('admin_update_settings', {
      payload: { contact_email: ' Info@Booster.CM ' },
    });
    expect(ok.data).toMatchObject({ contact_email: 'info@booster.cm' });
  });
});

describe('one admin cannot wipe the edition (security review, finding 5)', () => {
  it('past dates and a purge date of today, then the purge: nothing is purged', async () => {
    await addParticipants(backend, 4, { teamEvery: 2 });
    await addReservation(backend);
    await addMessage(backend);
    const before = await personalCounts();
    const since = await lastAuditId(backend);

    // The review's two calls.
    const settings = await staff.admin.rpc('admin_update_settings', {
      payload: {
        concert_starts_at: iso(-40),
        doors_open_at: iso(-40.1),
        reservations_open_at: iso(-60),
        registration_opens_at: iso(-100),
        registration_closes_at: iso(-50),
        personal_data_purge_at: day(0),
      },
    });
    expect(settings.error).toMatchObject({ code: '22023', hint: 'invalid_field' });
    const purge = await staff.admin.rpc('admin_purge_personal_data');
    expect(purge.error).toMatchObject({ code: 'P0001', hint: 'purge_not_requested' });

    expect(await personalCounts()).toEqual(before);
    expect(await auditSince(backend, since)).toEqual([]);
  });

  it('without reservations: the dates may move, but the purge still waits to be scheduled, then 7 days', async () => {
    await addParticipants(backend, 3);
    await addMessage(backend);
    await backend.sql('delete from reservations');
    const before = await personalCounts();
    const settings = await staff.admin.rpc('admin_update_settings', {
      payload: {
        concert_starts_at: iso(-40),
        doors_open_at: iso(-40.1),
        reservations_open_at: iso(-60),
        registration_opens_at: iso(-100),
        registration_closes_at: iso(-50),
        personal_data_purge_at: day(0),
      },
    });
    expect(settings.error).toBeNull();
    expect((await staff.admin.rpc('admin_purge_personal_data')).error).toMatchObject({
      hint: 'purge_not_requested',
    });
    const requested = await staff.admin.rpc('admin_request_purge');
    expect(requested.error).toBeNull();
    const runsAt = new Date((requested.data as { runs_at: string }).runs_at).getTime();
    expect(runsAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const early = await staff.admin.rpc('admin_purge_personal_data');
    expect(early.error).toMatchObject({ code: 'P0001', hint: 'purge_not_due' });
    expect(early.error?.message).toMatch(
      /^La purge programmée ne pourra s'exécuter qu'à partir du \d\d\/\d\d\/\d{4} à \d{1,2} h( \d\d)?\.$/,
    );
    expect(await backend.sql('select private.run_due_purge() r')).toEqual([{ r: null }]);
    expect(await personalCounts()).toEqual(before);
  });
});

describe('the scheduled purge', () => {
  it('every admin sees it, another admin cancels it, and both are journaled', async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date + 70`);
    expect((await staff.admin.rpc('scheduled_purge')).data).toBeNull();
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
        'Une purge des données personnelles est programmée : annulez-la avant de changer sa date.',
    });
    for (const fn of ['admin_request_purge', 'admin_cancel_purge']) {
      expect((await staff.lecteur.rpc(fn)).error?.code, fn).toBe('42501');
    }

    expect((await admin2.rpc('admin_cancel_purge')).error).toBeNull();
    expect((await staff.admin.rpc('scheduled_purge')).data).toBeNull();
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
    expect((await staff.admin.rpc('scheduled_purge')).data).toBeNull();
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
        summary: expect.stringMatching(/^Purge des données personnelles : \d+ participants/),
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
