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
 * The scheduled purge itself: workspace-scheduled-purge.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  addMessage,
  addParticipants,
  addReservation,
  auditSince,
  lastAuditId,
} from './workspace-fixtures';
import {
  backend,
  staff,
  signInStaffAndResetEdition,
  day,
  iso,
  personalCounts,
} from './support/retention';

signInStaffAndResetEdition();

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
        'Des places sont réservées : le début du concert ne peut pas être placé dans le passé.',
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
      /^La purge programmée ne pourra s’exécuter qu’à partir du \d\d\/\d\d\/\d{4} à \d{1,2} h( \d\d)?\.$/,
    );
    expect(await backend.sql('select private.run_due_purge() r')).toEqual([{ r: null }]);
    expect(await personalCounts()).toEqual(before);
  });
});
