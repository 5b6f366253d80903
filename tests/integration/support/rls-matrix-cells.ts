/**
 * One cell of the row-level security matrix (tests/integration/rls-matrix-tables.test.ts): an
 * operation on a table through the API, and what the database holds afterwards (as superuser).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { backend, count, fixture, seq, uuid, type Op, type Table } from './rls-matrix';
import { rowToInsert } from './rls-matrix-rows';

export type Cell = { run: (c: SupabaseClient) => Promise<unknown>; effect: () => Promise<boolean> };

export async function cell(table: Table, op: Op): Promise<Cell> {
  const {
    pid,
    mid,
    rid,
    cid,
    aid,
    hid,
    sid,
    vrid,
    vcid,
    vid,
    deid,
    oid,
    acid,
    asid,
    ascid,
    jury,
    juryCard,
    fcid,
    fsid,
    pcid,
  } = await fixture();
  const idOf: Record<Table, string> = {
    participants: pid,
    team_members: mid,
    reservations: rid,
    contact_messages: cid,
    contest_settings: 'true',
    edition_settings: 'true',
    audit_log: aid,
    participant_status_history: hid,
    participant_directory: pid,
    reservation_directory: (
      await backend.sql<{ id: string }>('select private.reservation_directory_id($1)::text id', [
        rid,
      ])
    )[0].id,
    surge_alerts: sid,
    vote_rounds: vrid,
    vote_candidates: vcid,
    votes: vid,
    outbox: oid,
    message_settings: 'true',
    audition_criteria: acid,
    audition_sessions: asid,
    audition_session_criteria: ascid,
    audition_judges: asid,
    audition_scorecards: juryCard,
    audition_scores: juryCard,
    door_double_entries: deid,
    jury_conflicts: asid,
    final_rules: 'dance',
    final_rule_changes: fcid,
    final_result_snapshots: fsid,
    participation_certificates: pcid,
  };
  const key =
    table === 'audition_judges' || table === 'jury_conflicts'
      ? 'session_id'
      : table === 'audition_scores'
        ? 'scorecard_id'
        : table === 'final_rules'
          ? 'category'
          : table === 'participation_certificates'
            ? 'participant_id'
            : 'id';
  const newId = uuid();
  const insertRow = rowToInsert({ newId, pid, rid, vrid, vcid, asid, ascid, jury, juryCard });
  // How a test finds the row an insert would have stored.
  const inserted: Partial<Record<Table, string>> = {
    contest_settings: 'max_participants = 5',
    edition_settings: 'capacity = 5',
    audit_log: `summary = 'Intrus ${seq}'`,
    participant_status_history: `participant_id = '${pid}' and to_status = 'laureat'`,
    surge_alerts: 'peak_hits = 77777',
    votes: `last_vote_id = '${newId}'`,
    message_settings: 'daily_cap = 5',
    audition_judges: `session_id = '${asid}' and position = 9`,
    audition_scores: `scorecard_id = '${juryCard}' and value = 10`,
    door_double_entries: `scan_id = '${newId}'`,
    jury_conflicts: `reason = '${newId}'`,
    final_rules: `category = 'intrus'`,
    participation_certificates: `code = 'ABCD-EF01-2345'`,
  };
  const update: Record<Table, [string, unknown]> = {
    participants: ['city', 'Changé'],
    team_members: ['full_name', 'Changé Nom'],
    reservations: ['ville', 'Changé'],
    contact_messages: ['subject', 'Changé'],
    contest_settings: ['max_participants', 7],
    edition_settings: ['capacity', 7],
    audit_log: ['summary', 'Changé'],
    participant_status_history: ['to_status', 'refuse'],
    participant_directory: ['city', 'Changé'],
    reservation_directory: ['ville', 'Changé'],
    surge_alerts: ['peak_hits', 1],
    vote_rounds: ['title', 'Changé'],
    vote_candidates: ['name', 'Changé'],
    votes: ['changes', 7],
    outbox: ['body', 'Changé'],
    message_settings: ['daily_cap', 7],
    audition_criteria: ['label', 'Changé'],
    audition_sessions: ['venue', 'Changé'],
    audition_session_criteria: ['label', 'Changé'],
    audition_judges: ['position', 7],
    audition_scorecards: ['comment', 'Changé'],
    audition_scores: ['value', 1],
    door_double_entries: ['second_door', 'Changé'],
    jury_conflicts: ['reason', 'Changé'],
    final_rules: ['results_expected_at', '2030-01-01T00:00:00+00:00'],
    final_rule_changes: ['category', 'singing'],
    final_result_snapshots: ['inputs_digest', 'e'.repeat(64)],
    participation_certificates: ['edition_year', 2031],
  };
  const where = `${key} = '${idOf[table]}'`;
  const [col, val] = update[table];
  switch (op) {
    case 'select':
      return {
        run: async (c) => {
          const { data, error } = await c.from(table).select('*').eq(key, idOf[table]);
          return error ? [] : data;
        },
        effect: async () => false,
      };
    case 'insert':
      return {
        run: async (c) => c.from(table).insert(insertRow[table], { returning: 'minimal' } as never),
        effect: async () =>
          (await count(
            `select count(*) n from ${table} where ${inserted[table] ?? `id = '${newId}'`}`,
          )) > 0,
      };
    case 'update':
      return {
        run: async (c) =>
          c
            .from(table)
            .update({ [col]: val })
            .eq(key, idOf[table]),
        effect: async () =>
          (await count(`select count(*) n from ${table} where ${where} and ${col} = '${val}'`)) > 0,
      };
    case 'delete':
      return {
        run: async (c) => c.from(table).delete().eq(key, idOf[table]),
        effect: async () => (await count(`select count(*) n from ${table} where ${where}`)) === 0,
      };
  }
}
