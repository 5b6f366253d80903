/**
 * Abuse resistance with nothing but the public anon key (docs/decisions/007-abuse-resistance.md):
 * no free enumeration, the honeypot, functions private by default,
 * one phone per person.
 * Shared calls and payloads: support/abuse.ts.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from '@/data/staff/admin-auth';
import { updateParticipant } from '@/data/participants/update-participant';
import { getParticipant } from '@/data/participants/get-participant';
import {
  backend,
  call,
  next,
  payloads,
  TABLE,
  PATHS,
  write,
  count,
  clearPublicWritesBeforeEach,
} from './support/abuse';

clearPublicWritesBeforeEach();

describe('no free enumeration', () => {
  it('answers an invalid registration the same whether or not the phone or e-mail is registered', async () => {
    const known = payloads.register_participant(next());
    expect((await write('register_participant', known)).status).toBe(200);
    const unknown = payloads.register_participant(next());
    for (const broken of [{ agree_to_terms: false }, { city: '' }, { region: 'Mars' }]) {
      const a = await write('register_participant', {
        ...known,
        id: crypto.randomUUID(),
        ...broken,
      });
      const b = await write('register_participant', { ...unknown, ...broken });
      expect(a.status).toBe(400);
      expect(a.text).toBe(b.text);
    }
    const member = {
      ...payloads.register_participant(next()),
      participation_type: 'team',
      team_name: 'Les Curieux',
      team_members: [{ full_name: 'Espion', phone: known.phone }],
      agree_to_terms: false,
    };
    const probe = await write('register_participant', member);
    expect(probe.body).toMatchObject({ hint: 'invalid_field', details: 'agree_to_terms' });
  });

  it('answers an invalid reservation the same whether or not the phone has a reservation', async () => {
    const known = payloads.create_reservation(next());
    expect((await write('create_reservation', known)).status).toBe(200);
    const a = await write('create_reservation', {
      ...known,
      id: crypto.randomUUID(),
      heard_from: 'tv',
    });
    const b = await write('create_reservation', {
      ...payloads.create_reservation(next()),
      heard_from: 'tv',
    });
    expect(a.status).toBe(400);
    expect(a.text).toBe(b.text);
  });
});

describe('honeypot', () => {
  it.each(PATHS)('%s answers a filled honeypot like a success and stores nothing', async (fn) => {
    const payload = { ...payloads[fn](next()), website: 'https://spam.example' };
    const res = await write(fn, payload);
    expect(res).toMatchObject({ status: 200, body: { id: payload.id } });
    expect(await count(TABLE[fn])).toBe(0);
  });
});

describe('functions are private by default', () => {
  it('a function added by a later migration is not callable by anon or a signed-in user', async () => {
    const owner = new pg.Client({
      connectionString: backend.db.server.url(backend.db.name, 'postgres'),
    });
    await owner.connect();
    try {
      // Exactly what a migration does: created by `postgres`, nothing granted.
      await owner.query(
        `create function public.added_later() returns int language sql as 'select 42'`,
      );
    } finally {
      await owner.end();
    }
    const anon = await call('added_later', {});
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('42501');
    const user = await fetch(`${backend.url}/rest/v1/rpc/added_later`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${await backend.signAccessToken()}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(user.status).toBe(403);
  });
});

describe('one phone per person, everywhere', () => {
  it('refuses an admin edit giving a participant another team member’s phone, and changes nothing', async () => {
    await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
    const team = {
      ...payloads.register_participant(next()),
      participation_type: 'team',
      team_name: 'Les Aigles',
      team_members: [{ full_name: 'Membre Aigle', phone: '677123456' }],
    };
    const solo = payloads.register_participant(next());
    expect((await write('register_participant', team)).status).toBe(200);
    expect((await write('register_participant', solo)).status).toBe(200);
    await signInAdmin('chef@example.cm', 'chef-password-123');
    const before = await getParticipant(String(solo.id));
    if (!before) throw new Error('missing');
    await expect(
      updateParticipant(before.id, { ...before, phone: '677123456', city: 'Kribi' }),
    ).rejects.toMatchObject({
      message: 'Ce numéro de téléphone est déjà inscrit au Booster Challenge.',
    });
    expect(await getParticipant(before.id)).toEqual(before);
    // A member given the phone of another registration: refused, naming the member.
    const teamBefore = await getParticipant(String(team.id));
    if (!teamBefore) throw new Error('missing');
    await expect(
      updateParticipant(teamBefore.id, {
        ...teamBefore,
        teamMembers: [{ fullName: 'Membre Aigle', phone: String(solo.phone), email: '' }],
      }),
    ).rejects.toMatchObject({
      message: 'Le numéro de téléphone du membre 1 est déjà inscrit au Booster Challenge.',
    });
    expect(await getParticipant(teamBefore.id)).toEqual(teamBefore);

    // The API refuses a direct write to the tables (admins write through functions, each with
    // its journal row); SQL run by hand meets the same rule.
    const admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
    const direct = await admin.from('team_members').insert({
      participant_id: String(team.id),
      position: 2,
      full_name: 'Intrus',
      phone: String(solo.phone),
    });
    expect(direct.error).toMatchObject({ code: '42501' });
    await expect(
      backend.sql(
        `insert into team_members (participant_id, position, full_name, phone)
         values ($1, 2, 'Intrus', $2)`,
        [String(team.id), String(solo.phone)],
      ),
    ).rejects.toMatchObject({ code: '23505', hint: 'duplicate_member_phone' });
    expect(await count('team_members')).toBe(1);
  });
});
