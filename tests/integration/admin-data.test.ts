import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '@/data/staff/admin-auth';
import { getParticipantStats } from '@/data/participants/get-participant-stats';
import { fetchAllParticipants, listParticipants } from '@/data/participants/list-participants';
import { getParticipant } from '@/data/participants/get-participant';
import { updateParticipant, type ParticipantUpdate } from '@/data/participants/update-participant';
import { deleteParticipant } from '@/data/participants/delete-participant';
import { fetchAllReservations, listReservations } from '@/data/reservations/list-reservations';
import { getReservationSummary } from '@/data/reservations/reservation-summary';
import { DataError } from '@/lib/errors';
import { getSupabase } from '@/data/shared/supabase';
import { fillLarge } from '../../bench/support/fill-large';
import { testBackend } from '../setup/test-backend';

/**
 * The admin data operations against the embedded backend, on 2,500 participants and 300
 * reservations made by the large-data fill script (teams every third participant).
 */
const backend = testBackend();
const pid = (g: number) => `c0000000-0000-4000-8000-${String(g).padStart(12, '0')}`;

const members = async (id: string) =>
  backend.sql(
    `select position, full_name, phone from team_members where participant_id = $1 order by position`,
    [id],
  );

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await fillLarge(backend.db.admin, { participants: 2500, reservations: 300 });
  await signInAdmin('chef@example.cm', 'chef-password-123');
});

describe('statistics and lists over 2,500 participants', () => {
  it('computes the totals in SQL over all rows', async () => {
    const stats = await getParticipantStats();
    expect(stats.totalParticipants).toBe(2500);
    expect(stats.byCategory.dance + stats.byCategory.singing).toBe(2500);
    expect(stats.byParticipationType.team).toBe(833);
    expect(stats.byRegion.reduce((n, r) => n + r.count, 0)).toBe(2500);
    expect(stats.byRegion[0].region).toBe('Littoral');
  });

  it('reaches the last page and exports every row', async () => {
    const last = await listParticipants({}, 249, 10);
    expect(last.total).toBe(2500);
    expect(last.rows.map((p) => p.fullName.split(' ').pop())).toEqual([
      '2491',
      '2492',
      '2493',
      '2494',
      '2495',
      '2496',
      '2497',
      '2498',
      '2499',
      '2500',
    ]);
    const all = await fetchAllParticipants();
    expect(all).toHaveLength(2500);
    expect(new Set(all.map((p) => p.id)).size).toBe(2500);
  });

  it('searches and filters on the server', async () => {
    const byPhone = await listParticipants({ search: '600001234' }, 0, 10);
    expect(byPhone.total).toBe(1);
    expect(byPhone.rows[0].email).toBe('participant1234@example.cm');
    const teams = await listParticipants({ participationType: 'team', region: 'Littoral' }, 0, 10);
    expect(teams.rows.every((p) => p.participationType === 'team' && p.region === 'Littoral')).toBe(
      true,
    );
    expect(teams.total).toBeGreaterThan(10);
  });
});

describe('updating a team', () => {
  const toUpdate = async (id: string): Promise<ParticipantUpdate> => {
    const p = await getParticipant(id);
    if (!p) throw new Error('missing');
    return p;
  };

  it('replaces the members in one transaction', async () => {
    const id = pid(6); // a team
    const p = await toUpdate(id);
    await updateParticipant(id, {
      ...p,
      teamName: 'Les Nouveaux',
      teamMembers: [
        { fullName: 'Nouveau Un', phone: '691111111', email: '' },
        { fullName: 'Nouveau Deux', phone: '692222222', email: 'deux@example.cm' },
      ],
    });
    expect(await members(id)).toEqual([
      { position: 1, full_name: 'Nouveau Un', phone: '691111111' },
      { position: 2, full_name: 'Nouveau Deux', phone: '692222222' },
    ]);
    expect((await getParticipant(id))?.teamName).toBe('Les Nouveaux');
  });

  it('leaves the old members and values in place when the save fails', async () => {
    const id = pid(9);
    const before = await members(id);
    expect(before.length).toBeGreaterThan(0);
    const p = await toUpdate(id);
    const failing = updateParticipant(id, {
      ...p,
      fullName: 'Nom Changé',
      teamMembers: [
        { fullName: 'Valide', phone: '693333333', email: '' },
        { fullName: 'Invalide', phone: '12 34', email: '' },
      ],
    });
    await expect(failing).rejects.toBeInstanceOf(DataError);
    await expect(failing).rejects.toThrow('Erreur lors de la mise à jour du participant');
    expect(await members(id)).toEqual(before);
    expect((await getParticipant(id))?.fullName).toBe(p.fullName);
  });

  it('refuses a team without members with the French team-size message', async () => {
    const id = pid(12);
    const p = await toUpdate(id);
    await expect(updateParticipant(id, { ...p, teamMembers: [] })).rejects.toThrow(
      'Une équipe compte de 2 à 10 personnes',
    );
    expect((await members(id)).length).toBeGreaterThan(0);
  });

  it('refuses two people of a team with the same phone, and keeps the old members', async () => {
    const id = pid(18);
    const before = await members(id);
    expect(before.length).toBeGreaterThan(0);
    const p = await toUpdate(id);
    const sameAsRegistrant = updateParticipant(id, {
      ...p,
      teamMembers: [{ fullName: 'Même Numéro', phone: p.phone, email: '' }],
    });
    await expect(sameAsRegistrant).rejects.toThrow(
      'Chaque personne de l’équipe doit avoir son propre numéro de téléphone (membre 1).',
    );
    const twice = updateParticipant(id, {
      ...p,
      teamMembers: [
        { fullName: 'Premier', phone: '694444444', email: '' },
        { fullName: 'Second', phone: '694444444', email: '' },
      ],
    });
    await expect(twice).rejects.toMatchObject({ kind: 'invalid', reason: 'team_phone_repeated' });
    expect(await members(id)).toEqual(before);

    // Admins write through functions only (each writes its journal row): the tables refuse a
    // direct write. The rule is a database constraint: SQL run by hand meets it too.
    const supabase = await getSupabase();
    const direct = await supabase
      .from('team_members')
      .update({ phone: p.phone })
      .eq('participant_id', id)
      .eq('position', 1);
    expect(direct.error).toMatchObject({ code: '42501' });
    await expect(
      backend.sql(`update team_members set phone = $1 where participant_id = $2 and position = 1`, [
        p.phone,
        id,
      ]),
    ).rejects.toMatchObject({ code: '23514', hint: 'team_phone_repeated' });
    expect(await members(id)).toEqual(before);
  });

  it('names a duplicate e-mail', async () => {
    const id = pid(15);
    const p = await toUpdate(id);
    await expect(updateParticipant(id, { ...p, email: 'participant1@example.cm' })).rejects.toThrow(
      'Cette adresse e-mail est déjà utilisée par un autre participant.',
    );
  });
});

describe('deleting a participant', () => {
  it('moves the participant to the bin, out of every list, with its members kept', async () => {
    const id = pid(18);
    const before = await members(id);
    expect(before.length).toBeGreaterThan(0);
    await deleteParticipant(id);
    expect(await getParticipant(id)).toBeNull();
    // Restorable for 30 days (tests/integration/workspace-bin.test.ts): the members stay.
    expect(await members(id)).toEqual(before);
    await expect(deleteParticipant(id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers null for an unknown or malformed id', async () => {
    expect(await getParticipant(pid(999_999))).toBeNull();
    expect(await getParticipant('pas-un-uuid')).toBeNull();
  });
});

describe('reservations', () => {
  it('summarises every reservation in SQL and lists the cities present', async () => {
    const s = await getReservationSummary();
    expect(s.total).toBe(300);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(s.attendanceStatus)).toBe(300);
    expect(sum(s.attendanceBarrier)).toBe(300);
    expect(s.cities).toContain('Yaoundé');
  });

  it('filters by city on ville or, for legacy rows, region', async () => {
    const rows = await fetchAllReservations({ city: 'Yaoundé' });
    const expected = await backend.sql(
      `select count(*)::int n, count(*) filter (where ville is null)::int legacy
         from reservations where coalesce(ville, region) = 'Yaoundé'`,
    );
    expect(rows).toHaveLength((expected[0] as { n: number }).n);
    expect((expected[0] as { legacy: number }).legacy).toBeGreaterThan(0);
    expect(rows.every((r) => r.ville === 'Yaoundé')).toBe(true);
  });

  it('combines search, status and source filters with paging', async () => {
    const page = await listReservations({ status: 'maybe', heardFrom: 'social' }, 0, 10);
    expect(page.rows.every((r) => r.attendanceStatus === 'maybe' && r.heardFrom === 'social')).toBe(
      true,
    );
    const one = await listReservations({ search: '660000123', city: '' }, 0, 10);
    expect(one.total).toBe(1);
    expect(await fetchAllReservations()).toHaveLength(300);
  });
});

describe('exports when the project returns fewer rows per request', () => {
  it('still exports every row, in order, with ties on created_at (keyset pagination)', async () => {
    // 400 participants registered at the very same instant: the walk must go on by id.
    await backend.sql(
      `update participants set created_at = '2026-06-01 12:00:00.123456+00'
        where id in (select id from participants order by id limit 400)`,
    );
    const expected = await backend.sql<{ id: string }>(
      `select id::text from participants where participation_type = 'team' and deleted_at is null
        order by created_at desc, id desc`,
    );
    const [{ n }] = await backend.sql<{ n: number }>(
      'select count(*)::int n from participants where deleted_at is null',
    );
    backend.settings.maxRows = 97;
    try {
      const all = await fetchAllParticipants();
      expect(all).toHaveLength(n);
      expect(new Set(all.map((p) => p.id)).size).toBe(n);
      const teams = await fetchAllParticipants(
        { participationType: 'team' },
        { withMembers: false },
      );
      expect(teams.map((p) => p.id)).toEqual(expected.map((r) => r.id));
      expect(await fetchAllReservations()).toHaveLength(300);
    } finally {
      backend.settings.maxRows = 1000;
    }
  });
});
