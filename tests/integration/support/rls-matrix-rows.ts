/**
 * The row each cell of the row-level security matrix tries to insert through the API
 * (support/rls-matrix-cells.ts), one per table, built on the fixture's rows.
 */
import { phone, seq, type Table } from './rls-matrix';

export type RowIds = {
  newId: string;
  pid: string;
  rid: string;
  vrid: string;
  vcid: string;
  asid: string;
  ascid: string;
  jury: string;
  juryCard: string;
};

export function rowToInsert(ids: RowIds): Record<Table, Record<string, unknown>> {
  const { newId, pid, rid, vrid, vcid, asid, ascid, jury, juryCard } = ids;
  return {
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
    outbox: {
      id: newId,
      channel: 'sms',
      recipient: phone(),
      template: 'pass_recovery',
      body: 'Intrus',
      dedupe_key: `intrus:${newId}`,
    },
    message_settings: { id: true, daily_cap: 5 },
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
    jury_conflicts: { session_id: asid, judge_id: jury, participant_id: pid, reason: newId },
    final_rules: { category: 'intrus' },
    final_rule_changes: {
      id: newId,
      category: 'singing',
      before: {},
      proposed: {},
      proposed_by: jury,
    },
    final_result_snapshots: {
      id: newId,
      category: 'singing',
      results: {},
      inputs_digest: 'c'.repeat(64),
      signature: 'd'.repeat(64),
    },
    participation_certificates: { participant_id: pid, code: 'ABCD-EF01-2345', edition_year: 2026 },
  };
}
