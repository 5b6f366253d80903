/**
 * register_participant through the data module and straight through the API (anon key): what is
 * stored, retries, and one registration per person. Refusals and capacity:
 * registration-refusals-and-capacity.test.ts.
 */
import { describe, expect, it } from 'vitest';
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
import {
  backend,
  solo,
  members,
  count,
  readBack,
  anonRegister,
  createAdminAndClearParticipants,
} from './support/registration';

createAdminAndClearParticipants();

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
