/**
 * The local backend runs on a real PostgreSQL 17 server and serves requests side by side, as a
 * hosted project does; these are the behaviours that only a real, concurrent engine shows.
 * Here: concurrent visitors.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { closedReasonOf, registerParticipant } from '@/data/participants/register-participant';
import { createReservation } from '@/data/reservations/create-reservation';
import { DataError } from '@/lib/errors';
import { backend, registration, reservation, count } from './support/local-engine';

describe('concurrent visitors', () => {
  beforeEach(async () => {
    await backend.sql('delete from participants; delete from reservations');
  });

  const openRegistration = (max: number) =>
    backend.sql(`update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = ${max}`);

  it('stores exactly 10 of 50 registrations sent at once for 10 places; the others are told it is full', async () => {
    await openRegistration(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        registerParticipant(crypto.randomUUID(), registration(i)),
      ),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(results.length - refused.length).toBe(10);
    expect(refused).toHaveLength(40);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DataError);
      expect(closedReasonOf(error)).toBe('full');
      expect((error as DataError).message).toBe('Le nombre maximum de participants est atteint.');
    }
    expect(await count('participants')).toBe(10);
  });

  it('answers 10 overlapping sends of one registration with the same id and stores it once', async () => {
    await openRegistration(2000);
    const id = crypto.randomUUID();
    const team = registration(7, {
      participationType: 'team',
      teamName: 'Les Étoiles',
      teamMembers: [{ fullName: 'Membre Un', phone: '671000001', email: '' }],
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => registerParticipant(id, team)),
    );
    expect(results).toEqual(Array(10).fill({ id }));
    expect(await count('participants')).toBe(1);
    expect(await count('team_members')).toBe(1);
  });

  it('stores one of 20 reservations sent at once with one phone; all 20 get the same answer (ADR 039)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        createReservation(crypto.randomUUID(), reservation('699001122')),
      ),
    );
    expect(results).toEqual(Array(20).fill({ sentTo: '6•• •• •• 22', channel: 'sms' }));
    expect(await count('reservations')).toBe(1);
  });

  it('stores one reservation when the same one is sent 10 times at once (double tap, retries)', async () => {
    const id = crypto.randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => createReservation(id, reservation('699003344'))),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await count('reservations')).toBe(1);
  });
});
