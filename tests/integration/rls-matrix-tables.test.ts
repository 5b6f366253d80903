/**
 * Row-level security matrix (DESIGN.md §2): anon, a signed-in non-staff user and each staff role
 * (lecteur: reads lists and statistics, contact details masked; controle: door check-in only;
 * regie: the public vote's control desk, nothing personal; jury: the audition sessions it
 * judges, names and slots only; admin), through real supabase-js.
 * Here: every table, for select / insert / update / delete. Each cell checks what the API
 * answered AND what the database holds afterwards (as superuser): support/rls-matrix-cells.ts.
 * Every write, even an admin's, goes through a function that writes its audit row
 * (docs/decisions/010-organiser-workspace.md): no table takes a direct write.
 * Shared clients and rows: support/rls-matrix.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  clients,
  ROLES,
  signInEveryRole,
  type Op,
  type Role,
  type Table,
} from './support/rls-matrix';
import { cell } from './support/rls-matrix-cells';

signInEveryRole();

const NONE = { select: 'no', insert: 'no', update: 'no', delete: 'no' } as const;
const READ = { select: 'yes', insert: 'no', update: 'no', delete: 'no' } as const;
const NOBODY = {
  anon: NONE,
  user: NONE,
  lecteur: NONE,
  controle: NONE,
  regie: NONE,
  jury: NONE,
  admin: NONE,
} as const;

const JURY_READS = { ...NOBODY, lecteur: READ, jury: READ, admin: READ } as const;

// 'yes' = the operation takes effect / rows are visible; 'no' = refused or sees/changes nothing.
const MATRIX: Record<Table, Record<Role, Record<Op, 'yes' | 'no'>>> = {
  // Readers read participant_directory (contacts masked), never this table. Admins edit, bin
  // and restore through functions (admin_update_participant, admin_delete_participant…).
  participants: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  team_members: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Visitors write reservations and messages through create_reservation / send_contact_message
  // (proof of work, rate limit): nobody inserts into the tables directly.
  // Readers read reservation_directory (no pass code, phone masked): a pass code cancels its
  // pass (docs/decisions/017-roles-and-door-window.md).
  reservations: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    // Door staff read a pass holder's first name and masked phone through check_in only.
    controle: NONE,
    regie: NONE,
    jury: NONE,
    // Reservations change through functions only (cancel, check-in): read-only as a table.
    admin: READ,
  },
  // The inbox: admins mark messages handled through admin_set_message_handled.
  contact_messages: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  contest_settings: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Visitors read the public facts through edition_info(); admins write through
  // admin_update_settings() (every field checked).
  edition_settings: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Written by the database only (private.audit), read by admins.
  audit_log: {
    anon: NONE,
    user: NONE,
    lecteur: NONE,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  participant_status_history: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Kept by triggers from participants and team_members.
  participant_directory: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Kept by triggers from reservations.
  reservation_directory: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // Written by the database when a public write surges (private.note_surge); read on the
  // dashboard by admins and readers.
  surge_alerts: {
    anon: NONE,
    user: NONE,
    lecteur: READ,
    controle: NONE,
    regie: NONE,
    jury: NONE,
    admin: READ,
  },
  // The public vote (docs/decisions/030-public-vote.md): no grant at all, reached only through
  // its functions (cast_vote, vote_state, vote_screen_state, the régie's and the admins').
  vote_rounds: NOBODY,
  vote_candidates: NOBODY,
  votes: NOBODY,
  // The outbox and its settings (docs/decisions/033-messages-outbox.md): written by database
  // functions only, read by admins through outbox_list and message_settings(), sent by the
  // Edge Function with the service key (outbox_claim, outbox_record).
  outbox: NOBODY,
  message_settings: NOBODY,
  // The auditions' jury (docs/decisions/031-jury-scorecards.md): written only through its
  // functions. Admins read everything; readers the sessions, criteria and judges, and the cards
  // and scores of locked sessions only (docs/decisions/040-ranking-floor-and-complete-first.md:
  // the fixture's session is open; jury-ranking-floor.test.ts reads them after the lock); a
  // judge reads the sessions they judge, their criteria, their own judge row and their own cards
  // and scores (the fixture's session is judged by the jury account and the admin; the row
  // tried is the jury's own card).
  audition_criteria: JURY_READS,
  audition_sessions: JURY_READS,
  audition_session_criteria: JURY_READS,
  audition_judges: JURY_READS,
  audition_scorecards: { ...JURY_READS, lecteur: NONE },
  audition_scores: { ...JURY_READS, lecteur: NONE },
  // The offline door's double entries (docs/decisions/032-offline-door.md): written by
  // door_sync, read through door_double_entries_list (readers: masked) only.
  door_double_entries: NOBODY,
  // The final (docs/decisions/047-the-final.md): no grant at all, reached only through its
  // functions (the judges' declaration, the admins' rules and publication, final_results for
  // admins and readers, final_rules_public and final_results_public for everyone).
  jury_conflicts: NOBODY,
  final_rules: NOBODY,
  final_rule_changes: NOBODY,
  final_result_snapshots: NOBODY,
  // Certificates of participation (docs/decisions/057-participation-certificates-and-their-link.md):
  // no grant, written by admin_participation_certificate, read by final_certificate_verify.
  participation_certificates: NOBODY,
};

describe.each(Object.keys(MATRIX) as Table[])('RLS on %s', (table) => {
  it.each(ROLES)('%s gets exactly the access of DESIGN.md §2', async (role) => {
    const seen: Record<Op, 'yes' | 'no'> = {
      select: 'no',
      insert: 'no',
      update: 'no',
      delete: 'no',
    };
    for (const op of ['select', 'insert', 'update', 'delete'] as Op[]) {
      const c = await cell(table, op);
      const result = await c.run(clients[role]);
      const took = op === 'select' ? Array.isArray(result) && result.length > 0 : await c.effect();
      seen[op] = took ? 'yes' : 'no';
    }
    expect(seen).toEqual(MATRIX[table][role]);
  });
});
