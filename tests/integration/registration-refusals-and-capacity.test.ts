/**
 * register_participant straight through the API (anon key): what the database refuses even sent
 * without the form, and the registration window and capacity.
 */
import { describe, expect, it } from 'vitest';
import { getRegistrationStatus } from '@/data/participants/registration-status';
import {
  registerParticipant,
  toRegistrationPayload,
} from '@/data/participants/register-participant';
import {
  backend,
  solo,
  members,
  openWindow,
  count,
  anonRegister,
  createAdminAndClearParticipants,
} from './support/registration';

createAdminAndClearParticipants();

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
