import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { EXPORTS, type ExportName } from '@/data/journal/audit';
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
 * The audit trail (docs/decisions/010-organiser-workspace.md): every admin write function, found
 * in the catalogue (public functions named admin_% and regie_%, the door's check-ins and
 * log_export), called
 * once through the API writes exactly one audit row, with its actor and action. Readers and
 * door staff are refused every admin write (42501) and leave no row.
 */
const backend = testBackend();
let staff: Staff;

beforeAll(async () => {
  staff = await signInStaff(backend);
  // The night of the concert: the door is open (docs/decisions/017-roles-and-door-window.md).
  await backend.setEdition({
    concert_starts_at: new Date(Date.now() + 3_600_000),
    doors_open_at: new Date(Date.now() - 3_600_000),
  });
});

/** The write functions, from the catalogue: a new one fails the test below until listed. */
const WRITE_FUNCTIONS = (
  await backend.sql<{ proname: string }>(
    `select distinct p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and (p.proname like 'admin\\_%' or p.proname like 'regie\\_%'
             or p.proname in ('check_in', 'check_in_by_phone', 'log_export'))
        -- Reads: the deployment's diagnostic (docs/decisions/016-trusted-address-and-proof-of-work.md)
        -- and a closed vote's results (docs/decisions/030-public-vote.md).
        and p.proname not in ('admin_client_address', 'admin_vote_results')
      order by 1`,
  )
).map((r) => r.proname);

/** No purge date, nothing scheduled. */
const resetPurge = () =>
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
type Call = { args: Record<string, unknown>; action: string; entityId?: string; also?: string[] };

/** For each write function: arguments that make it write (its rows prepared here). */
const FIXTURES: Record<string, () => Promise<Call>> = {
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
  log_export: async () => ({
    args: { what: 'participants', filters: { status: 'convoque' }, row_count: 3 },
    action: 'export',
  }),
};

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
        summary: 'Entrée validée à « Porte 3 »',
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
        summary: 'Fiche modifiée : ville, région',
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

/**
 * The journal is written by the database alone (security review, finding 8): log_export takes
 * one of the site's exports (EXPORTS, src/data/journal/audit.ts), its known filters with checked values,
 * and writes its own French sentence.
 */
describe('log_export', () => {
  /** For each export the site makes, the filters its page sends (a real call from src/). */
  const REAL: Record<ExportName, { filters: Record<string, string>; summary: string }> = {
    participants: {
      filters: { search: 'Awa', category: 'dance', region: 'Littoral', status: 'convoque' },
      summary: 'Export CSV des participants : 42 lignes',
    },
    'participants.xlsx': {
      filters: { participationType: 'team', auditionCity: 'Yaoundé' },
      summary: 'Export Excel des participants : 42 lignes',
    },
    participant_json: {
      filters: { participant: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: "Export JSON d'une fiche participant : 42 lignes",
    },
    reservations: {
      filters: { search: '699', status: 'maybe', city: 'Douala', heardFrom: 'social' },
      summary: 'Export CSV des réservations : 42 lignes',
    },
    'reservations.xlsx': {
      filters: { state: 'checked_in' },
      summary: 'Export Excel des réservations : 42 lignes',
    },
    messages: {
      filters: { search: 'sponsor', state: 'unhandled' },
      summary: 'Export CSV des messages de contact : 42 lignes',
    },
    presence_night_party: {
      filters: {},
      summary: 'Export CSV des présences à la Night Party : 42 lignes',
    },
    distribution_regionale: {
      filters: {},
      summary: 'Export CSV de la répartition par région : 42 lignes',
    },
    vote_results: {
      filters: { round: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: 'Export CSV des résultats du vote : 42 lignes',
    },
    'vote_results.xlsx': {
      filters: { round: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      summary: 'Export Excel des résultats du vote : 42 lignes',
    },
  };

  it('knows every export of the site', () => {
    expect(Object.keys(REAL).sort()).toEqual([...EXPORTS].sort());
  });

  it.each([...EXPORTS])('accepts the real export %s, with its sentence', async (what) => {
    const since = await lastAuditId(backend);
    const { filters, summary } = REAL[what];
    const { error } = await staff.admin.rpc('log_export', { what, filters, row_count: 42 });
    expect(error).toBeNull();
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.admin,
        action: 'export',
        entity: what,
        entity_id: filters.participant ?? null,
        summary,
        before: null,
        after: { filters, row_count: 42 },
      }),
    ]);
  });

  it('refuses an invented text, unknown filters and bad values; readers; writes nothing', async () => {
    const since = await lastAuditId(backend);
    const refused = [
      // The review's example: any text became the journal's sentence.
      [{ what: 'Paramètres modifiés : rien', filters: {}, row_count: 0 }, 'what'],
      [{ what: 'participants_excel', filters: {}, row_count: 1 }, 'what'],
      [{ what: ' ', filters: {}, row_count: 1 }, 'what'],
      [{ what: 'participants', filters: { note: 'Paramètres modifiés' }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { status: 'gagnant' }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { status: ['convoque'] }, row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: { search: 'x'.repeat(201) }, row_count: 1 }, 'filters'],
      [{ what: 'messages', filters: { region: 'Littoral' }, row_count: 1 }, 'filters'],
      [{ what: 'participant_json', filters: {}, row_count: 1 }, 'filters'],
      [{ what: 'participant_json', filters: { participant: 'Awa' }, row_count: 1 }, 'filters'],
      [{ what: 'presence_night_party', filters: [], row_count: 1 }, 'filters'],
      [{ what: 'participants', filters: {}, row_count: -1 }, 'row_count'],
    ] as const;
    for (const [args, field] of refused) {
      const { error } = await staff.admin.rpc('log_export', args);
      expect(error, JSON.stringify(args)).toMatchObject({
        code: '22023',
        hint: 'invalid_field',
        details: field,
      });
    }
    expect(
      (await staff.admin.rpc('log_export', { what: 'Rien', filters: {}, row_count: 0 })).error
        ?.message,
    ).toBe("Export inconnu : le journal n'inscrit que les exports du site.");
    expect(
      (await staff.lecteur.rpc('log_export', { what: 'participants', filters: {}, row_count: 1 }))
        .error?.code,
    ).toBe('42501');
    expect(await auditSince(backend, since)).toEqual([]);
  });
  // Issue 27 (docs/decisions/023-honest-screens.md): a reader downloads the two files of figures
  // they read on screen, and each download is journaled with the reader as its author; every
  // file with personal data stays an admin's.
  it('journals a reader’s aggregate exports and refuses them every other', async () => {
    const since = await lastAuditId(backend);
    for (const what of ['presence_night_party', 'distribution_regionale'] as const) {
      const { error } = await staff.lecteur.rpc('log_export', { what, filters: {}, row_count: 7 });
      expect(error, what).toBeNull();
    }
    const personal = EXPORTS.filter(
      (e) => e !== 'presence_night_party' && e !== 'distribution_regionale',
    );
    expect(personal).toHaveLength(6);
    for (const what of personal) {
      const args = { what, filters: REAL[what].filters, row_count: 1 };
      expect((await staff.lecteur.rpc('log_export', args)).error?.code, what).toBe('42501');
    }
    // Door staff and a signed-in user who is not staff record nothing, aggregate or not.
    for (const c of [staff.controle, staff.user]) {
      const args = { what: 'presence_night_party', filters: {}, row_count: 1 };
      expect((await c.rpc('log_export', args)).error?.code).toBe('42501');
    }
    expect(await auditSince(backend, since)).toEqual([
      expect.objectContaining({
        actor: staff.ids.lecteur,
        actor_email: EMAIL('lecteur'),
        action: 'export',
        entity: 'presence_night_party',
        summary: 'Export CSV des présences à la Night Party : 7 lignes',
      }),
      expect.objectContaining({
        actor: staff.ids.lecteur,
        action: 'export',
        entity: 'distribution_regionale',
        summary: 'Export CSV de la répartition par région : 7 lignes',
      }),
    ]);
  });
});
