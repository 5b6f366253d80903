import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSupabase } from '@/data/shared/supabase';
import { listParticipants } from '@/data/participants/list-participants';
import { getRegistrationStatus } from '@/data/participants/registration-status';
import {
  DUPLICATE_EMAIL,
  DUPLICATE_PHONE,
  duplicateMemberPhone,
  refusedFieldOf,
  registerParticipant,
  repeatedMemberPhone,
  toRegistrationPayload,
  type NewRegistration,
} from '@/data/participants/register-participant';
import { testBackend } from '../setup/test-backend';

/** register_participant through the data module and straight through the API (anon key). */
const backend = testBackend();
const ADMIN = { email: 'admin@example.cm', password: 'admin-password-123' };

const solo = (n: number, extra: Partial<NewRegistration> = {}): NewRegistration => ({
  fullName: `Participant ${n}`,
  email: `p${n}@example.cm`,
  phone: `6900000${String(n).padStart(2, '0')}`,
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participationType: 'solo',
  teamName: '',
  linkToWork: '',
  description: '',
  agreeToTerms: true,
  teamMembers: [],
  ...extra,
});

const members = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    fullName: `Membre ${from + i + 1}`,
    phone: `67${String(from + i + 1).padStart(7, '0')}`,
    email: i === 0 ? `Membre${from + i + 1}@Example.cm` : '',
  }));

const openWindow = (max = 2000) =>
  backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
    registration_closes_at = now() + interval '1 day', max_participants = ${max}`);

const count = async (table: 'participants' | 'team_members') =>
  Number((await backend.sql<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);

/** Reads a participant back through the admin data module, as a signed-in admin. */
async function readBack(email: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithPassword(ADMIN);
  expect(error).toBeNull();
  try {
    return await listParticipants({ search: email }, 0, 10);
  } finally {
    await supabase.auth.signOut();
  }
}

/** A request sent straight to the API with the public anon key. */
async function anonRegister(payload: object) {
  const pow = await backend.proofOfWork();
  return backend
    .anonClient()
    .rpc('register_participant', { payload: { ...payload, pow } } as never);
}

beforeAll(async () => {
  await backend.createUser(ADMIN.email, ADMIN.password, { admin: true });
});

beforeEach(async () => {
  await backend.sql('delete from participants');
  await openWindow();
});

describe('registerParticipant (data module)', () => {
  it('stores a solo registration as one participant without members', async () => {
    const id = crypto.randomUUID();
    await expect(
      registerParticipant(id, solo(1, { linkToWork: 'https://youtu.be/x' })),
    ).resolves.toEqual({ id });
    const page = await readBack('p1@example.cm');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id,
      fullName: 'Participant 1',
      email: 'p1@example.cm',
      participationType: 'solo',
      teamName: '',
      linkToWork: 'https://youtu.be/x',
      agreeToTerms: true,
      teamMembers: [],
    });
    expect(await count('team_members')).toBe(0);
  });

  it('stores a team of 4 people as one participant and 3 numbered members, in order', async () => {
    const id = crypto.randomUUID();
    await registerParticipant(
      id,
      solo(2, {
        participationType: 'team',
        teamName: 'Les Lions',
        category: 'singing',
        teamMembers: members(3),
      }),
    );
    const page = await readBack('p2@example.cm');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      id,
      participationType: 'team',
      teamName: 'Les Lions',
      category: 'singing',
    });
    expect(
      page.rows[0].teamMembers.map(({ fullName, phone, email }) => ({ fullName, phone, email })),
    ).toEqual([
      { fullName: 'Membre 1', phone: '670000001', email: 'membre1@example.cm' },
      { fullName: 'Membre 2', phone: '670000002', email: '' },
      { fullName: 'Membre 3', phone: '670000003', email: '' },
    ]);
    const positions = await backend.sql<{ position: number }>(
      'select position from team_members where participant_id = $1 order by position',
      [id],
    );
    expect(positions.rows.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('answers a retry of the same registration with the same id and stores it once', async () => {
    const id = crypto.randomUUID();
    const team = solo(3, {
      participationType: 'team',
      teamName: 'Les Lions',
      teamMembers: members(2),
    });
    await registerParticipant(id, team);
    await expect(registerParticipant(id, team)).resolves.toEqual({ id });
    expect(await count('participants')).toBe(1);
    expect(await count('team_members')).toBe(2);
  });

  it('says a registration is already stored when it is sent again with another e-mail', async () => {
    const id = crypto.randomUUID();
    await registerParticipant(id, solo(8));
    const again = registerParticipant(id, solo(8, { email: 'autre@example.cm' }));
    await expect(again).rejects.toMatchObject({
      kind: 'duplicate',
      reason: 'duplicate_registration',
    });
    expect(await count('participants')).toBe(1);
  });

  it('says the person is already registered when the e-mail or the phone is taken', async () => {
    await registerParticipant(crypto.randomUUID(), solo(4));
    const byEmail = registerParticipant(crypto.randomUUID(), solo(5, { email: 'P4@Example.cm' }));
    await expect(byEmail).rejects.toMatchObject({ kind: 'duplicate', message: DUPLICATE_EMAIL });
    const byPhone = registerParticipant(crypto.randomUUID(), solo(6, { phone: solo(4).phone }));
    await expect(byPhone).rejects.toMatchObject({ kind: 'duplicate', message: DUPLICATE_PHONE });
    expect(await count('participants')).toBe(1);
  });
});

describe('one registration per person, team members included', () => {
  const teamOf = (n: number, teamMembers: NewRegistration['teamMembers']) =>
    solo(n, { participationType: 'team', teamName: `Équipe ${n}`, teamMembers });

  it('refuses a team member already registered, as a registrant or in another team, naming the member', async () => {
    await registerParticipant(crypto.randomUUID(), solo(1));
    await registerParticipant(crypto.randomUUID(), teamOf(2, members(2)));

    // member 2 is the solo registrant of the first registration
    const registrant = registerParticipant(
      crypto.randomUUID(),
      teamOf(3, [...members(1, 10), { fullName: 'Déjà Inscrit', phone: solo(1).phone, email: '' }]),
    );
    await expect(registrant).rejects.toMatchObject({
      kind: 'duplicate',
      reason: 'duplicate_member_phone',
      message: duplicateMemberPhone(2),
    });
    expect(refusedFieldOf(await registrant.catch((e: unknown) => e))).toBe('teamMembers.1.phone');

    // member 1 is already a member of the second team
    const { error } = await anonRegister(
      toRegistrationPayload(crypto.randomUUID(), teamOf(4, members(1))),
    );
    // A duplicate is answered 409 and committed (it counts against the address's rate limit).
    expect(error).toMatchObject({ code: 'P409', hint: 'duplicate_member_phone', details: '1' });

    // a solo registrant who is already a member of a team
    const member = registerParticipant(
      crypto.randomUUID(),
      solo(5, { phone: members(1)[0].phone }),
    );
    await expect(member).rejects.toMatchObject({ kind: 'duplicate', message: DUPLICATE_PHONE });

    expect(await count('participants')).toBe(2);
    expect(await count('team_members')).toBe(2);
  });

  it('refuses a team where two people give the same phone, and stores nothing', async () => {
    const [first, second] = members(2, 20);
    const sameAsRegistrant = teamOf(6, [first, { ...second, phone: solo(6).phone }]);
    const twice = teamOf(7, [first, { ...second, phone: first.phone }]);

    await expect(registerParticipant(crypto.randomUUID(), sameAsRegistrant)).rejects.toMatchObject({
      kind: 'invalid',
      reason: 'team_phone_repeated',
      message: repeatedMemberPhone(2),
    });
    const { error } = await anonRegister(toRegistrationPayload(crypto.randomUUID(), twice));
    expect(error).toMatchObject({ code: '23514', hint: 'team_phone_repeated', details: '2' });
    expect(await count('participants')).toBe(0);
    expect(await count('team_members')).toBe(0);
  });
});

describe('the database refuses what the form refuses, even sent straight to the API', () => {
  const team = (memberCount: number) =>
    toRegistrationPayload(
      crypto.randomUUID(),
      solo(7, {
        participationType: 'team',
        teamName: 'Les Lions',
        teamMembers: members(memberCount),
      }),
    );

  it('refuses a team of 1 person and a team of 11, and stores nothing', async () => {
    for (const payload of [team(0), team(10)]) {
      const { error } = await anonRegister(payload);
      expect(error).toMatchObject({ code: '23514', hint: 'team_size' });
    }
    expect(await count('participants')).toBe(0);
    expect(await count('team_members')).toBe(0);
    const { error } = await anonRegister(team(9));
    expect(error).toBeNull();
    expect(await count('team_members')).toBe(9);
  });

  it('refuses a solo with members, a team without a name, a bad phone, region, link or missing terms', async () => {
    const base = toRegistrationPayload(crypto.randomUUID(), solo(8));
    const refused = [
      {
        ...base,
        team_members: toRegistrationPayload(
          'x',
          solo(9, { participationType: 'team', teamMembers: members(1) }),
        ).team_members,
      },
      { ...team(1), team_name: null },
      { ...base, phone: '690 00 00' },
      { ...base, region: 'Paris' },
      { ...base, link_to_work: 'javascript:alert(1)' },
      { ...base, description: 'd'.repeat(1001) },
      { ...base, agree_to_terms: false },
      { ...base, full_name: 'A' },
    ];
    for (const payload of refused) {
      const { error } = await anonRegister(payload);
      expect(error, JSON.stringify(payload).slice(0, 120)).not.toBeNull();
    }
    expect(await count('participants')).toBe(0);
  });

  it('gives the anon key no way to read registrations back', async () => {
    await registerParticipant(crypto.randomUUID(), solo(10));
    const { data } = await backend.anonClient().from('participants').select('*');
    expect(data ?? []).toEqual([]);
  });
});

describe('registration window and capacity', () => {
  const cases = [
    {
      reason: 'not_open',
      set: `registration_opens_at = now() + interval '1 day', registration_closes_at = now() + interval '2 days'`,
    },
    {
      reason: 'closed',
      set: `registration_opens_at = now() - interval '2 days', registration_closes_at = now() - interval '1 day'`,
    },
  ] as const;

  for (const { reason, set } of cases) {
    it(`refuses a registration when ${reason}`, async () => {
      await backend.sql(`update contest_settings set ${set}`);
      await expect(getRegistrationStatus()).resolves.toMatchObject({ open: false, reason });
      const { error } = await anonRegister(toRegistrationPayload(crypto.randomUUID(), solo(11)));
      expect(error).toMatchObject({ hint: `registration_${reason}` });
      await expect(registerParticipant(crypto.randomUUID(), solo(11))).rejects.toMatchObject({
        kind: 'closed',
        reason: `registration_${reason}`,
      });
      expect(await count('participants')).toBe(0);
    });
  }

  it('refuses a registration when the maximum is reached, but still answers a retry', async () => {
    await openWindow(1);
    const first = crypto.randomUUID();
    await registerParticipant(first, solo(12));
    await expect(getRegistrationStatus()).resolves.toMatchObject({ open: false, reason: 'full' });
    const { error } = await anonRegister(toRegistrationPayload(crypto.randomUUID(), solo(13)));
    expect(error).toMatchObject({ hint: 'registration_full' });
    await expect(registerParticipant(first, solo(12))).resolves.toEqual({ id: first });
    expect(await count('participants')).toBe(1);
  });

  it('stores exactly 10 of 20 concurrent registrations when 10 places remain', async () => {
    await openWindow(10);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        anonRegister(
          toRegistrationPayload(
            crypto.randomUUID(),
            solo(
              20 + i,
              i % 2
                ? {
                    participationType: 'team',
                    teamName: `Équipe ${i}`,
                    teamMembers: members(2, i * 2),
                  }
                : {},
            ),
          ),
        ),
      ),
    );
    const refused = results.filter((r) => r.error);
    expect(results.length - refused.length).toBe(10);
    expect(refused.map((r) => r.error?.hint)).toEqual(Array(10).fill('registration_full'));
    expect(await count('participants')).toBe(10);
  });

  it('reports an open window', async () => {
    await expect(getRegistrationStatus()).resolves.toMatchObject({ open: true, reason: 'open' });
  });
});
