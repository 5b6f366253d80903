/**
 * One cell of the row-level security matrix (tests/integration/rls-matrix-tables.test.ts): an
 * operation on a table through the API, and what the database holds afterwards (as superuser).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { backend, count, fixture, phone, seq, uuid, type Op, type Table } from './rls-matrix';

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
    acid,
    asid,
    ascid,
    jury,
    juryCard,
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
    audition_criteria: acid,
    audition_sessions: asid,
    audition_session_criteria: ascid,
    audition_judges: asid,
    audition_scorecards: juryCard,
    audition_scores: juryCard,
    door_double_entries: deid,
  };
  const key =
    table === 'audition_judges'
      ? 'session_id'
      : table === 'audition_scores'
        ? 'scorecard_id'
        : 'id';
  const newId = uuid();
  const insertRow: Record<Table, Record<string, unknown>> = {
    participants: {
      id: newId,
      full_name: 'Intrus Test',
      email: `intrus${seq}@example.cm`,
      phone: phone(),
      city: 'Douala',
      region: 'Littoral',
      category: 'dance',
      participation_type: 'solo',
      agree_to_terms: true,
    },
    team_members: {
      id: newId,
      participant_id: pid,
      position: 3,
      full_name: 'Nouveau Membre',
      phone: phone(),
    },
    reservations: {
      id: newId,
      full_name: 'Nouvelle Personne',
      phone: phone(),
      ville: 'Douala',
      heard_from: 'flyer',
    },
    contact_messages: {
      id: newId,
      name: 'Test',
      email: 't@example.cm',
      subject: 'Sujet',
      message: 'Un message assez long.',
    },
    contest_settings: {
      id: true,
      registration_opens_at: '2030-01-01',
      registration_closes_at: '2030-02-01',
      max_participants: 5,
    },
    edition_settings: {
      id: true,
      concert_starts_at: '2030-04-26T16:00:00+01:00',
      doors_open_at: '2030-04-26T14:00:00+01:00',
      venue_name: 'Ailleurs',
      venue_address: 'Quelque part',
      map_url: 'https://example.cm/plan',
      capacity: 5,
      overbooking_percent: 0,
      reservations_open_at: '2030-01-01',
      contact_phone: '699000000',
      contact_email: 'x@example.cm',
    },
    audit_log: { action: 'export', entity: 'intrus', summary: `Intrus ${seq}` },
    participant_status_history: {
      participant_id: pid,
      from_status: 'inscrit',
      to_status: 'laureat',
    },
    participant_directory: {
      id: newId,
      full_name: 'Intrus Test',
      email: 'i•••@example.cm',
      phone: '6•• •• •• 00',
      city: 'Douala',
      region: 'Littoral',
      category: 'dance',
      participation_type: 'solo',
      agree_to_terms: true,
      created_at: new Date().toISOString(),
      status: 'inscrit',
    },
    reservation_directory: {
      id: newId,
      full_name: 'Intrus Test',
      phone: '6•• •• •• 00',
      ville: 'Douala',
      attendance_status: 'yes',
      heard_from: 'flyer',
      will_attend: 'yes',
      attendance_barrier: 'none',
      follows_booster_page: 'yes',
      consumes_booster_products: 'yes',
      created_at: new Date().toISOString(),
      state: 'confirmed',
      checked_in_by_hand: false,
    },
    surge_alerts: { action: 'contact', window_seconds: 600, peak_hits: 77777, peak_level: 1 },
    vote_rounds: { id: newId, title: 'Intruse' },
    vote_candidates: { id: newId, round_id: vrid, number: 9, name: 'Intrus' },
    votes: { round_id: vrid, candidate_id: vcid, last_vote_id: newId },
    audition_criteria: {
      id: newId,
      category: 'dance',
      position: 8,
      key: `intrus-${seq}`,
      label: 'Intrus',
      weight: 1,
    },
    audition_sessions: {
      id: newId,
      city: 'Limbe',
      held_on: '2032-01-01',
      category: 'dance',
      venue: 'Ailleurs',
    },
    audition_session_criteria: {
      id: newId,
      session_id: asid,
      category: 'singing',
      position: 1,
      key: 'intrus',
      label: 'Intrus',
      weight: 100,
    },
    audition_judges: { session_id: asid, user_id: jury, position: 9 },
    audition_scorecards: {
      id: newId,
      session_id: asid,
      judge_id: jury,
      participant_id: pid,
      revision: 1,
    },
    audition_scores: {
      scorecard_id: juryCard,
      session_id: asid,
      judge_id: jury,
      participant_id: pid,
      criterion_id: ascid,
      value: 10,
    },
    door_double_entries: {
      reservation_id: rid,
      first_door: 'Intrus',
      first_at: new Date().toISOString(),
      second_door: 'Intrus',
      second_at: new Date().toISOString(),
      scan_id: newId,
    },
  };
  // How a test finds the row an insert would have stored.
  const inserted: Partial<Record<Table, string>> = {
    contest_settings: 'max_participants = 5',
    edition_settings: 'capacity = 5',
    audit_log: `summary = 'Intrus ${seq}'`,
    participant_status_history: `participant_id = '${pid}' and to_status = 'laureat'`,
    surge_alerts: 'peak_hits = 77777',
    votes: `last_vote_id = '${newId}'`,
    audition_judges: `session_id = '${asid}' and position = 9`,
    audition_scores: `scorecard_id = '${juryCard}' and value = 10`,
    door_double_entries: `scan_id = '${newId}'`,
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
    audition_criteria: ['label', 'Changé'],
    audition_sessions: ['venue', 'Changé'],
    audition_session_criteria: ['label', 'Changé'],
    audition_judges: ['position', 7],
    audition_scorecards: ['comment', 'Changé'],
    audition_scores: ['value', 1],
    door_double_entries: ['second_door', 'Changé'],
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
