/**
 * Row-level security matrix (DESIGN.md §2): anon, a signed-in non-staff user and each staff role
 * (lecteur: reads lists and statistics, contact details masked; controle: door check-in only;
 * regie: the public vote's control desk, nothing personal; jury: the audition sessions it
 * judges; admin), through real supabase-js.
 * Here: every function the API exposes.
 * Shared clients and rows: support/rls-matrix.ts.
 */
import { describe, expect, it } from 'vitest';
import { backend, clients, ROLES, signInEveryRole, uuid, type Role } from './support/rls-matrix';

signInEveryRole();

/**
 * Every function the API exposes, by role: 'yes' = the call is accepted (it may still answer a
 * refusal of its own, such as 404 for an unknown pass); 'no' = refused for lack of rights (42501,
 * HTTP 401 for anon, 403 for a signed-in user) and nothing changes.
 */
type Fn = { args: () => Promise<Record<string, unknown>>; who: Role[] };
const EVERYONE = ROLES;
const STAFF_ADMIN: Role[] = ['admin'];
const READERS: Role[] = ['lecteur', 'admin'];
const DOOR: Role[] = ['controle', 'admin'];
const DESK: Role[] = ['regie', 'admin'];
const JURY: Role[] = ['jury', 'admin'];

const FUNCTIONS: Record<string, Fn> = {
  // Visitors' entry points.
  registration_status: { args: async () => ({}), who: EVERYONE },
  edition_info: { args: async () => ({}), who: EVERYONE },
  pow_challenge: { args: async () => ({}), who: EVERYONE },
  admin_client_address: { args: async () => ({}), who: STAFF_ADMIN },
  get_pass: { args: async () => ({ code: 'ABCDEFGHJK' }), who: EVERYONE },
  // The holder's, with the code: staff (any signed-in caller) cancel from the administration.
  cancel_reservation: { args: async () => ({ code: 'ABCDEFGHJK' }), who: ['anon'] },
  // Staff.
  my_staff_role: {
    args: async () => ({}),
    who: ['user', 'lecteur', 'controle', 'regie', 'jury', 'admin'],
  },
  check_in: {
    args: async () => ({ code: 'ABCDEFGHJK', door: 'Porte 1', scan_id: crypto.randomUUID() }),
    who: DOOR,
  },
  check_in_by_phone: {
    args: async () => ({ phone: '600000000', door: 'Porte 1', scan_id: crypto.randomUUID() }),
    who: DOOR,
  },
  door_count: { args: async () => ({}), who: ['lecteur', 'controle', 'admin'] },
  // The declared doors (docs/decisions/043-the-door-fits-the-hand.md): read by the door's
  // sign-in and the settings; saved by admins (an empty list: the function's own refusal).
  door_names: { args: async () => ({}), who: ['lecteur', 'controle', 'admin'] },
  admin_save_door_names: { args: async () => ({ names: [] }), who: STAFF_ADMIN },
  // The offline door (docs/decisions/032-offline-door.md): the list, the queue and the phone
  // search for door staff; the double entries for the administration.
  door_list: { args: async () => ({ door: 'Porte 1' }), who: DOOR },
  door_sync: {
    args: async () => ({
      door: 'Porte 1',
      scans: [
        {
          scan_id: crypto.randomUUID(),
          ref: 'AAAAAAAAAAAAAAAAAAAAAA',
          scanned_at: new Date().toISOString(),
          offline_verdict: 'unknown',
        },
      ],
    }),
    who: DOOR,
  },
  door_phone_search: { args: async () => ({ phone: '600000000', door: 'Porte 1' }), who: DOOR },
  door_double_entries_list: { args: async () => ({}), who: READERS },
  // A door account past a lane's pace (docs/decisions/036-door-admits-what-it-scanned.md).
  door_lane_alerts_list: { args: async () => ({}), who: READERS },
  night_party_stats: { args: async () => ({}), who: READERS },
  edition_stats: { args: async () => ({}), who: READERS },
  sponsor_report: { args: async () => ({}), who: READERS },
  attendance_report: { args: async () => ({}), who: READERS },
  reservation_summary: { args: async () => ({}), who: READERS },
  participant_stats: { args: async () => ({}), who: READERS },
  // The participants search (docs/decisions/022-search-people.md): readers search their masked
  // list, admins the real one.
  search_participants: { args: async () => ({ search: 'herve' }), who: READERS },
  unhandled_message_count: { args: async () => ({}), who: READERS },
  admin_cancel_reservation: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_check_in: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_undo_check_in: { args: async () => ({ id: uuid(), reason: 'Erreur' }), who: STAFF_ADMIN },
  admin_update_settings: { args: async () => ({ payload: {} }), who: STAFF_ADMIN },
  // The organisers' workspace (docs/decisions/010-organiser-workspace.md): admins only. An
  // unknown id is the function's own refusal, not a lack of rights.
  admin_update_participant: { args: async () => ({ p_id: uuid(), p_patch: {} }), who: STAFF_ADMIN },
  admin_delete_participant: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_restore_participant: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_purge_bin: { args: async () => ({}), who: STAFF_ADMIN },
  binned_participants: { args: async () => ({}), who: STAFF_ADMIN },
  admin_set_status: { args: async () => ({ ids: [uuid()], status: 'refuse' }), who: STAFF_ADMIN },
  admin_assign_slot: {
    args: async () => ({ ids: [uuid()], city: 'Douala', at: '2030-08-12T13:00:00Z' }),
    who: STAFF_ADMIN,
  },
  admin_set_notes: { args: async () => ({ id: uuid(), notes: 'Note' }), who: STAFF_ADMIN },
  admin_mark_notified: {
    args: async () => ({ ids: [uuid()], channel: 'email' }),
    who: STAFF_ADMIN,
  },
  admin_set_message_handled: {
    args: async () => ({ id: uuid(), handled: true }),
    who: STAFF_ADMIN,
  },
  // A personal-data export: admins only. Readers may record the two aggregate exports
  // (presence_night_party, distribution_regionale): workspace-export-journal.test.ts, issue 27.
  log_export: {
    args: async () => ({ what: 'participants', filters: {}, row_count: 0 }),
    who: STAFF_ADMIN,
  },
  // Refused to the admin too while nothing is scheduled (its own refusal, P0001).
  admin_purge_personal_data: { args: async () => ({}), who: STAFF_ADMIN },
  // The scheduled purge (docs/decisions/018-scheduled-purge-and-journal.md): every admin page's
  // banner for admins and readers; the request and the cancellation for admins (refused by the
  // function itself here: no purge date, nothing scheduled).
  scheduled_purge: { args: async () => ({}), who: READERS },
  admin_request_purge: { args: async () => ({}), who: STAFF_ADMIN },
  admin_cancel_purge: { args: async () => ({}), who: STAFF_ADMIN },
  // The public vote (docs/decisions/030-public-vote.md): the pass page and the stage screen
  // for everyone; the control desk for the régie and admins; preparing rounds and the results'
  // export for admins. Unknown ids are the functions' own refusals.
  cast_vote: {
    args: async () => ({
      code: 'ABCDEFGHJK',
      round_id: uuid(),
      candidate_id: uuid(),
      vote_id: uuid(),
    }),
    who: EVERYONE,
  },
  vote_state: { args: async () => ({ code: 'ABCDEFGHJK' }), who: EVERYONE },
  vote_screen_state: { args: async () => ({}), who: EVERYONE },
  vote_rounds_list: { args: async () => ({}), who: DESK },
  regie_open_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_close_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_reveal_round: { args: async () => ({ id: uuid() }), who: DESK },
  regie_reset_screen: { args: async () => ({}), who: DESK },
  admin_save_vote_round: {
    args: async () => ({ payload: { id: uuid(), title: 'Manche' } }),
    who: STAFF_ADMIN,
  },
  admin_delete_vote_round: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_vote_results: { args: async () => ({ round_id: uuid() }), who: STAFF_ADMIN },
  // The outbox (docs/decisions/033-messages-outbox.md): "Envois", the reminder, the
  // convocations and the messages' settings for admins (unknown ids and a bad channel are the
  // functions' own refusals). The sender's outbox_claim and outbox_record are for the service
  // key only: send-messages-rls.test.ts.
  outbox_list: { args: async () => ({}), who: STAFF_ADMIN },
  outbox_budgets: { args: async () => ({}), who: STAFF_ADMIN },
  admin_outbox_resend: { args: async () => ({ id: uuid() }), who: STAFF_ADMIN },
  admin_reminder_preview: { args: async () => ({ channel: 'sms' }), who: STAFF_ADMIN },
  admin_send_reminder: { args: async () => ({ channel: 'nope' }), who: STAFF_ADMIN },
  admin_send_convocations: {
    args: async () => ({ ids: [uuid()], channel: 'sms' }),
    who: STAFF_ADMIN,
  },
  message_settings: { args: async () => ({}), who: STAFF_ADMIN },
  admin_update_message_settings: { args: async () => ({ payload: {} }), who: STAFF_ADMIN },
  // The auditions' jury (docs/decisions/031-jury-scorecards.md): the judges' page for judges
  // (and admins); sessions, criteria and the preselection for admins; results for readers too.
  // Unknown sessions are the functions' own refusals (404).
  jury_sessions: { args: async () => ({}), who: JURY },
  jury_session: { args: async () => ({ session_id: uuid() }), who: JURY },
  jury_submit_scorecard: {
    args: async () => ({
      session_id: uuid(),
      participant_id: uuid(),
      card_id: uuid(),
      revision: 1,
      absent: true,
      comment: '',
      scores: {},
    }),
    who: JURY,
  },
  jury_lock_session: { args: async () => ({ session_id: uuid() }), who: JURY },
  audition_criteria: { args: async () => ({}), who: ['lecteur', 'jury', 'admin'] },
  admin_audition_sessions: { args: async () => ({}), who: READERS },
  audition_results: { args: async () => ({ session_id: uuid() }), who: READERS },
  audition_ranking: { args: async () => ({ category: 'dance' }), who: READERS },
  jury_accounts: { args: async () => ({}), who: STAFF_ADMIN },
  admin_save_audition_session: { args: async () => ({ payload: {} }), who: STAFF_ADMIN },
  admin_delete_audition_session: { args: async () => ({ session_id: uuid() }), who: STAFF_ADMIN },
  admin_unlock_session: {
    args: async () => ({ session_id: uuid(), reason: 'Erreur de saisie' }),
    who: STAFF_ADMIN,
  },
  admin_save_audition_criteria: {
    args: async () => ({ category: 'dance', criteria: [] }),
    who: STAFF_ADMIN,
  },
  admin_preselect_top: {
    args: async () => ({ category: 'dance', n: 1, status: 'finaliste', session_id: uuid() }),
    who: STAFF_ADMIN,
  },
  audition_scores_export: { args: async () => ({}), who: STAFF_ADMIN },
  // The final (docs/decisions/047-the-final.md): a conflict declared and a card unlocked by
  // judges (the lead judge, checked by the function: final-rules-and-publication.test.ts); the
  // rules and the publication for admins (an unknown category or change: their own refusals);
  // the computed results for readers; what was published for everyone.
  jury_declare_conflict: {
    args: async () => ({ session_id: uuid(), participant_id: uuid(), reason: '' }),
    who: JURY,
  },
  jury_unlock_card: { args: async () => ({ card_id: uuid(), reason: 'Erreur' }), who: JURY },
  final_rules: { args: async () => ({}), who: READERS },
  final_results: { args: async () => ({ category: 'dance' }), who: READERS },
  admin_save_final_rules: {
    args: async () => ({ category: 'dance', rules: {} }),
    who: STAFF_ADMIN,
  },
  admin_publish_final_rules: { args: async () => ({ category: 'nope' }), who: STAFF_ADMIN },
  admin_approve_final_rules: { args: async () => ({ change_id: uuid() }), who: STAFF_ADMIN },
  admin_publish_final_results: { args: async () => ({ category: 'nope' }), who: STAFF_ADMIN },
  final_rules_public: { args: async () => ({}), who: EVERYONE },
  final_results_public: { args: async () => ({}), who: EVERYONE },
  // The certificates (docs/decisions/049-results-and-certificates.md): their list and codes for
  // admins, a code's check for everyone (rate-limited: final-certificates.test.ts).
  admin_final_certificates: { args: async () => ({ category: 'nope' }), who: STAFF_ADMIN },
  final_certificate_verify: { args: async () => ({ code: '0000-0000-0000' }), who: EVERYONE },
  // A certificate of participation, issued by admins only
  // (docs/decisions/057-participation-certificates-and-their-link.md; an unknown participant: the
  // function's own refusal).
  admin_participation_certificate: {
    args: async () => ({ participant_id: uuid() }),
    who: STAFF_ADMIN,
  },
  // Their link sent by the outbox (an unknown participant, an unknown category: their refusals).
  admin_send_certificate_link: { args: async () => ({ participant_id: uuid() }), who: STAFF_ADMIN },
  admin_send_certificate_links: { args: async () => ({ category: 'nope' }), who: STAFF_ADMIN },
};

/**
 * Public writes with proof of work, covered by security-anon.test.ts and abuse-*.test.ts;
 * recover_pass by send-messages-recover-pass.test.ts.
 */
const PROOF_OF_WORK_WRITES = [
  'register_participant',
  'create_reservation',
  'send_contact_message',
  'recover_pass',
];

it('lists every function the API can call', async () => {
  const callable = await backend.sql<{ proname: string }>(
    `select distinct p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and (has_function_privilege('anon', p.oid, 'execute')
                                      or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`,
  );
  expect(callable.map((r) => r.proname)).toEqual(
    [...Object.keys(FUNCTIONS), ...PROOF_OF_WORK_WRITES].sort(),
  );
});

describe.each(Object.keys(FUNCTIONS))('rpc %s', (fn) => {
  it.each(ROLES)('%s is accepted exactly as DESIGN.md §2 says', async (role) => {
    const { error, status } = await clients[role].rpc(fn, await FUNCTIONS[fn].args());
    const refused = error?.code === '42501';
    if (refused) expect(status).toBe(role === 'anon' ? 401 : 403);
    expect(refused ? 'no' : 'yes').toBe(FUNCTIONS[fn].who.includes(role) ? 'yes' : 'no');
  });
});
