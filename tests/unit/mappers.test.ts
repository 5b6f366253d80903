import { describe, expect, it } from 'vitest';
import {
  toParticipant,
  toParticipantPatch,
  toStats,
  toTeamMemberRows,
} from '@/data/participants/mappers';
import { toReservation, toReservationRow, type ReservationRow } from '@/data/reservations/mappers';

const reservationRow: ReservationRow = {
  id: 'r1',
  full_name: 'Marie Nana',
  phone: '690000001',
  ville: 'Yaoundé',
  region: null,
  attendance_status: 'maybe',
  heard_from: 'wordOfMouth',
  will_attend: 'no',
  attendance_barrier: 'noCompanion',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
  created_at: '2025-04-01T10:00:00Z',
  pass_code: 'FETE234567',
  state: 'confirmed',
  queue_number: null,
  cancelled_at: null,
  checked_in_at: '2025-04-26T15:10:00Z',
  checked_in_door: 'Porte 2',
  checked_in_by: null,
  check_in_scan_id: null,
  checked_in_by_hand: false,
  survey_changed: ['attendance_status', 'will_attend', 'consumes_booster_products'],
  door_ref: 'q1Xw3b8cR2n4mT6yK0pZaA',
  door_version: 1,
  qr_token: 'q0nM3J6x0aVv2f8Yk1B7Zw',
};

describe('reservation mapper', () => {
  it('maps every column to camelCase', () => {
    expect(toReservation(reservationRow)).toEqual({
      id: 'r1',
      fullName: 'Marie Nana',
      phone: '690000001',
      ville: 'Yaoundé',
      attendanceStatus: 'maybe',
      heardFrom: 'wordOfMouth',
      willAttend: 'no',
      attendanceBarrier: 'noCompanion',
      followsBoosterPage: 'yes',
      consumesBoosterProducts: 'no',
      createdAt: '2025-04-01T10:00:00Z',
      passCode: 'FETE234567',
      state: 'confirmed',
      cancelledAt: null,
      checkedInAt: '2025-04-26T15:10:00Z',
      checkedInDoor: 'Porte 2',
      checkedInByHand: false,
    });
  });

  it('reads the legacy region when ville is empty', () => {
    expect(toReservation({ ...reservationRow, ville: null, region: 'Douala' }).ville).toBe(
      'Douala',
    );
    expect(toReservation({ ...reservationRow, ville: null, region: null }).ville).toBe('');
  });

  it('writes trimmed values and the client id, never created_at', () => {
    const row = toReservationRow('id-1', {
      ...toReservation(reservationRow),
      fullName: '  Marie  ',
    });
    expect(row).toMatchObject({ id: 'id-1', full_name: 'Marie', heard_from: 'wordOfMouth' });
    expect(row).not.toHaveProperty('created_at');
    // No record of the changed answers: none sent (the database keeps it unknown).
    expect(row).not.toHaveProperty('survey_changed');
  });

  it('sends the changed pre-filled answers under their column names', () => {
    const row = toReservationRow('id-1', {
      ...toReservation(reservationRow),
      surveyChanged: ['willAttend', 'followsBoosterPage'],
    });
    expect(row).toMatchObject({ survey_changed: ['will_attend', 'follows_booster_page'] });
    expect(
      toReservationRow('id-2', { ...toReservation(reservationRow), surveyChanged: [] }),
    ).toMatchObject({ survey_changed: [] });
  });
});

describe('participant mapper', () => {
  const row = {
    id: 'p1',
    full_name: 'Awa Ngono',
    email: 'awa@example.cm',
    phone: '690000001',
    city: 'Douala',
    region: 'Littoral',
    category: 'dance' as const,
    participation_type: 'team' as const,
    team_name: 'Les Lions',
    link_to_work: null,
    description: null,
    agree_to_terms: true,
    created_at: '2025-06-20T08:00:00Z',
    team_members: [
      {
        id: 'm2',
        participant_id: 'p1',
        position: 2,
        full_name: 'B',
        email: null,
        phone: '690000003',
        created_at: '',
      },
      {
        id: 'm1',
        participant_id: 'p1',
        position: 1,
        full_name: 'A',
        email: 'a@x.cm',
        phone: '690000002',
        created_at: '',
      },
    ],
  };

  it('orders members by position and turns nulls into empty strings', () => {
    const p = toParticipant(row);
    expect(p.teamMembers.map((m) => m.fullName)).toEqual(['A', 'B']);
    expect(p.teamMembers[1].email).toBe('');
    expect(p.linkToWork).toBe('');
    expect(p.participationType).toBe('team');
  });

  it('builds the admin patch: no team name for a solo, empty strings become null', () => {
    const p = toParticipant(row);
    expect(toParticipantPatch({ ...p, participationType: 'solo' }).team_name).toBeNull();
    expect(toParticipantPatch(p)).toMatchObject({ team_name: 'Les Lions', link_to_work: null });
    expect(toTeamMemberRows(p.teamMembers)).toEqual([
      { full_name: 'A', phone: '690000002', email: 'a@x.cm' },
      { full_name: 'B', phone: '690000003', email: null },
    ]);
  });
});

describe('stats mapper', () => {
  it('renames participant_stats’ answer, its nulls read as zeros and empty lists', () => {
    const s = toStats({
      total: 3,
      byCategory: { dance: 2, singing: 1 },
      byParticipationType: { solo: 3, team: null },
      byRegion: [{ region: 'Littoral', count: 2 }],
      byStatus: null,
      byAuditionCity: null,
      lastRegistrationAt: null,
      last7Days: null,
    });
    expect(s.totalParticipants).toBe(3);
    expect(s.byParticipationType).toEqual({ solo: 3, team: 0 });
    expect(s.byRegion).toEqual([{ region: 'Littoral', count: 2 }]);
    expect(s.last7Days).toEqual([]);
  });
});
