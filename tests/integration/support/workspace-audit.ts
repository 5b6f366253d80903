/**
 * Shared by the audit-trail tests (tests/integration/workspace-audit.test.ts,
 * workspace-export-journal.test.ts): staff of each role on the night of the concert, the write
 * functions from the catalogue, and arguments that make each of them write.
 */
import { beforeAll } from 'vitest';
import { testBackend } from '../../setup/test-backend';
import { juryFixtures } from './workspace-audit-jury';
import { finalFixtures } from './workspace-audit-final';
import {
  addMessage,
  addParticipants,
  addReservation,
  signInStaff,
  type Staff,
} from '../workspace-fixtures';

export const backend = testBackend();
export let staff: Staff;

/** Signs the staff in once, on the night of the concert (the door is open). */
export function signInStaffOnTheNight(): void {
  beforeAll(async () => {
    staff = await signInStaff(backend);
    // The night of the concert: the door is open (docs/decisions/017-roles-and-door-window.md).
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 3_600_000),
      doors_open_at: new Date(Date.now() - 3_600_000),
    });
  });
}

/** The write functions, from the catalogue: a new one fails the test below until listed. */
export const WRITE_FUNCTIONS = (
  await backend.sql<{ proname: string }>(
    `select distinct p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and (p.proname like 'admin\\_%' or p.proname like 'regie\\_%'
             or p.proname in ('check_in', 'check_in_by_phone', 'log_export'))
        -- Reads: the deployment's diagnostic (docs/decisions/016-trusted-address-and-proof-of-work.md),
        -- a closed vote's results (docs/decisions/030-public-vote.md), the audition sessions' list
        -- (docs/decisions/031-jury-scorecards.md) and the reminder's preview
        -- (docs/decisions/033-messages-outbox.md), the final's certificates with their codes
        -- (docs/decisions/049-results-and-certificates.md).
        and p.proname not in ('admin_client_address', 'admin_vote_results',
                              'admin_audition_sessions', 'admin_reminder_preview',
                              'admin_final_certificates')
      order by 1`,
  )
).map((r) => r.proname);

/** No purge date, nothing scheduled. */
export const resetPurge = () =>
  backend.sql(`delete from private.purge_requests;
    update edition_settings set personal_data_purge_at = null`);

/**
 * A round of the public vote in `state`, with two candidates, alone (no other round, so that no
 * other one is closed by its timer during the call).
 */
async function voteRound(state: 'draft' | 'open' | 'closed') {
  await backend.sql('delete from vote_rounds');
  const [{ id }] = await backend.sql<{ id: string }>(
    `with r as (
       insert into vote_rounds (title, state, opened_at, closes_at, closed_at)
       values ('Compétition de chant', $1::text, case when $1 <> 'draft' then now() end,
               case when $1 <> 'draft' then now() + interval '90 seconds' end,
               case when $1 = 'closed' then now() end)
       returning id),
     c as (insert into vote_candidates (round_id, number, name)
           select id, g, 'Candidat ' || g from r, generate_series(1, 2) g)
     select id::text from r`,
    [state],
  );
  return id;
}

/** `also`: the other rows the call writes (a phone look-up: 'door.lookup' beside its entry). */
export type Call = {
  args: Record<string, unknown>;
  action: string;
  entityId?: string;
  also?: string[];
};

let doorLists = 0;

/** For each write function: arguments that make it write (its rows prepared here). */
export const FIXTURES: Record<string, () => Promise<Call>> = {
  admin_update_participant: async () => {
    const [id] = await addParticipants(backend, 1);
    return {
      args: { p_id: id, p_patch: { city: 'Kribi' } },
      action: 'participant.update',
      entityId: id,
    };
  },
  admin_delete_participant: async () => {
    const [id] = await addParticipants(backend, 1);
    return { args: { id }, action: 'participant.delete', entityId: id };
  },
  admin_restore_participant: async () => {
    const [id] = await addParticipants(backend, 1);
    await backend.sql(
      `update participants set deleted_at = now() - interval '1 day' where id = $1`,
      [id],
    );
    return { args: { id }, action: 'participant.restore', entityId: id };
  },
  admin_purge_bin: async () => {
    const [id] = await addParticipants(backend, 1);
    await backend.sql(
      `update participants set deleted_at = now() - interval '31 days' where id = $1`,
      [id],
    );
    return { args: {}, action: 'bin.purge' };
  },
  // A purge scheduled more than 7 days ago, its date reached (docs/decisions/018-…).
  admin_purge_personal_data: async () => {
    await addParticipants(backend, 2);
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date - 1;
      insert into private.purge_requests (requested_at) values (now() - interval '8 days')`);
    return { args: {}, action: 'retention.purge' };
  },
  admin_request_purge: async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date + 90`);
    return { args: {}, action: 'retention.request' };
  },
  admin_cancel_purge: async () => {
    await backend.sql(`update edition_settings set personal_data_purge_at = current_date + 90;
      insert into private.purge_requests (requested_at) values (now())`);
    return { args: {}, action: 'retention.cancel' };
  },
  admin_set_status: async () => {
    const ids = await addParticipants(backend, 3);
    return { args: { ids, status: 'preselectionne' }, action: 'participant.status' };
  },
  admin_assign_slot: async () => {
    const ids = await addParticipants(backend, 2);
    return {
      args: { ids, city: 'Garoua', at: new Date(Date.now() + 7 * 86_400_000).toISOString() },
      action: 'participant.slot',
    };
  },
  admin_set_notes: async () => {
    const [id] = await addParticipants(backend, 1);
    return { args: { id, notes: 'À rappeler' }, action: 'participant.notes', entityId: id };
  },
  admin_mark_notified: async () => {
    const ids = await addParticipants(backend, 2);
    return { args: { ids, channel: 'whatsapp' }, action: 'participant.notified' };
  },
  admin_set_message_handled: async () => {
    const id = await addMessage(backend);
    return { args: { id, handled: true }, action: 'message.handled', entityId: id };
  },
  admin_cancel_reservation: async () => {
    const r = await addReservation(backend);
    return { args: { id: r.id }, action: 'reservation.cancel', entityId: r.id };
  },
  admin_check_in: async () => {
    const r = await addReservation(backend);
    return { args: { id: r.id }, action: 'reservation.check_in', entityId: r.id };
  },
  admin_undo_check_in: async () => {
    const r = await addReservation(backend);
    await backend.sql(
      `update reservations set checked_in_at = now(), checked_in_door = 'Porte 1' where id = $1`,
      [r.id],
    );
    return {
      args: { id: r.id, reason: 'Scanné par erreur' },
      action: 'reservation.check_in_undo',
      entityId: r.id,
    };
  },
  // A list unlike the last one each time (an unchanged list writes nothing).
  admin_save_door_names: async () => ({
    args: { names: ['Porte 1', `Porte ${100 + doorLists++}`] },
    action: 'settings.update',
  }),
  admin_update_settings: async () => {
    const [{ capacity }] = await backend.sql<{ capacity: number }>(
      'select capacity from edition_settings',
    );
    return { args: { payload: { capacity: capacity + 1 } }, action: 'settings.update' };
  },
  check_in: async () => {
    const r = await addReservation(backend);
    return {
      args: { code: r.pass_code, door: 'Porte 1', scan_id: crypto.randomUUID() },
      action: 'reservation.check_in',
      entityId: r.id,
    };
  },
  check_in_by_phone: async () => {
    const r = await addReservation(backend);
    return {
      args: { phone: r.phone, door: 'Porte 2', scan_id: crypto.randomUUID() },
      action: 'reservation.check_in',
      entityId: r.id,
      also: ['door.lookup'],
    };
  },
  // The public vote (docs/decisions/030-public-vote.md): the régie's functions, here by an admin.
  admin_save_vote_round: async () => {
    await backend.sql('delete from vote_rounds');
    return {
      args: {
        payload: {
          title: 'Battle de danse',
          candidates: [
            { number: 1, name: 'Awa N.' },
            { number: 2, name: 'Les Lions' },
          ],
        },
      },
      action: 'vote.round_create',
    };
  },
  admin_delete_vote_round: async () => {
    const id = await voteRound('draft');
    return { args: { id }, action: 'vote.round_delete', entityId: id };
  },
  regie_open_round: async () => {
    const id = await voteRound('draft');
    return { args: { id }, action: 'vote.open', entityId: id };
  },
  regie_close_round: async () => {
    const id = await voteRound('open');
    return { args: { id }, action: 'vote.close', entityId: id };
  },
  regie_reveal_round: async () => {
    const id = await voteRound('closed');
    return { args: { id }, action: 'vote.reveal', entityId: id };
  },
  regie_reset_screen: async () => {
    await voteRound('closed');
    return { args: {}, action: 'vote.screen_reset' };
  },
  // The outbox (docs/decisions/033-messages-outbox.md): every batch and resend is journaled.
  admin_outbox_resend: async () => {
    const [{ id }] = await backend.sql<{ id: string }>(
      `insert into outbox (channel, recipient, template, body, state, attempts, dedupe_key, last_error)
       values ('sms', '690000001', 'pass_recovery', 'Votre pass', 'failed', 5,
               'audit-test:' || gen_random_uuid(), 'Refusé') returning id::text`,
    );
    return { args: { id }, action: 'messages.resend', entityId: id };
  },
  admin_send_reminder: async () => {
    await addReservation(backend);
    return { args: { channel: 'sms' }, action: 'messages.reminder' };
  },
  admin_send_convocations: async () => {
    const ids = await addParticipants(backend, 2);
    await backend.sql(
      `update participants set audition_city = 'Douala', audition_at = now() + interval '9 days'
        where id = any ($1::uuid[])`,
      [ids],
    );
    return { args: { ids, channel: 'whatsapp' }, action: 'messages.convocation' };
  },
  admin_update_message_settings: async () => {
    const [{ cap }] = await backend.sql<{ cap: number }>(
      'select daily_cap + 1 as cap from message_settings',
    );
    return { args: { payload: { daily_cap: cap } }, action: 'settings.update' };
  },
  ...juryFixtures(backend, () => staff.ids.admin),
  ...finalFixtures(backend, () => staff.ids.admin),
  log_export: async () => ({
    args: { what: 'participants', filters: { status: 'convoque' }, row_count: 3 },
    action: 'export',
  }),
};
