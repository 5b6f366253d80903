/**
 * The Night Party's capacity, waitlist and passes (docs/decisions/009-night-party-operations.md),
 * through real supabase-js clients over HTTP against real PostgreSQL. "At once" means one client
 * per request and Promise.all: the requests run side by side on the API's connection pool.
 * Here: capacity, waitlist and create_reservation.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  Answer,
  reservation,
  reserve,
  getPass,
  cancel,
  states,
  resetNightPartyBeforeEach,
  NO_REFUSAL,
} from './support/night-party';

resetNightPartyBeforeEach();

describe('capacity and waitlist, with 200 reservations at once on 100 places', () => {
  it('stores exactly 100 confirmed and 100 waitlisted at positions 1 to 100; a cancellation promotes position 1', async () => {
    const payloads = Array.from({ length: 200 }, () => reservation());
    // Proofs of work first, so that the 200 requests leave together.
    const pows = await Promise.all(payloads.map(() => backend.proofOfWork()));
    const results = await Promise.all(payloads.map((p, i) => reserve(p, pows[i])));

    expect(results.filter((r) => r.error)).toEqual([]);
    const answers = results.map((r) => r.data as Answer);
    const confirmed = answers.filter((a) => a.state === 'confirmed');
    const waitlisted = answers.filter((a) => a.state === 'waitlisted');
    expect(confirmed).toHaveLength(100);
    expect(confirmed.every((a) => a.position === null)).toBe(true);
    expect(waitlisted.map((a) => a.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 100 });
    // Every answer is what the database holds, and every code is a distinct 10-character pass.
    const stored = await backend.sql<{ id: string; pass_code: string; state: string }>(
      'select id::text, pass_code, state from reservations',
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const a of answers) {
      expect(byId.get(a.id)).toMatchObject({ pass_code: a.pass_code, state: a.state });
      expect(a.pass_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    }
    expect(new Set(answers.map((a) => a.pass_code)).size).toBe(200);

    // Cancelling a confirmed place promotes position 1 in the same transaction; the others move up.
    const first = waitlisted.find((a) => a.position === 1)!;
    const second = waitlisted.find((a) => a.position === 2)!;
    const last = waitlisted.find((a) => a.position === 100)!;
    const leaving = confirmed[17];
    const { data: cancelled, error } = await cancel(leaving.pass_code.toLowerCase());
    expect(error).toBeNull();
    expect(cancelled).toMatchObject({
      code: leaving.pass_code,
      state: 'cancelled',
      position: null,
    });
    expect(await getPass(first.pass_code)).toMatchObject({ state: 'confirmed', position: null });
    expect(await getPass(second.pass_code)).toMatchObject({ state: 'waitlisted', position: 1 });
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 99 });
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 99, cancelled: 1 });

    // Cancelling twice answers the same and promotes nobody else.
    expect((await cancel(leaving.pass_code)).data).toEqual(cancelled);
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 99, cancelled: 1 });

    // A waitlisted cancellation frees no place: those behind it move up.
    await cancel(second.pass_code);
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 98 });
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 98, cancelled: 2 });

    // Several cancellations at once promote as many, in queue order, never more.
    const third = waitlisted.find((a) => a.position === 3)!;
    const fourth = waitlisted.find((a) => a.position === 4)!;
    const fifth = waitlisted.find((a) => a.position === 5)!;
    await Promise.all(confirmed.slice(30, 33).map((a) => cancel(a.pass_code)));
    expect(await states()).toEqual({ confirmed: 100, waitlisted: 95, cancelled: 5 });
    for (const a of [third, fourth, fifth]) {
      expect(await getPass(a.pass_code)).toMatchObject({ state: 'confirmed' });
    }
    expect(await getPass(last.pass_code)).toMatchObject({ state: 'waitlisted', position: 95 });
  });

  it('counts the overbooking: 10 places + 20 % = 12 confirmed', async () => {
    await backend.setEdition({ capacity: 10, overbooking_percent: 20 });
    const results = await Promise.all(Array.from({ length: 15 }, () => reserve(reservation())));
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(await states()).toEqual({ confirmed: 12, waitlisted: 3 });
  });
});

describe('create_reservation', () => {
  it('answers a retry of the same reservation with the same object, even sent 5 times at once', async () => {
    await backend.setEdition({ capacity: 1 });
    expect((await reserve(reservation())).data?.state).toBe('confirmed');
    const payload = reservation();
    const answers = await Promise.all(Array.from({ length: 5 }, () => reserve(payload)));
    expect(answers.map((a) => a.error)).toEqual(Array(5).fill(null));
    const first = answers[0].reply!;
    expect(first).toEqual({
      ...NO_REFUSAL,
      id: payload.id,
      sent_to: `6•• •• •• ${payload.phone.slice(-2)}`,
      channel: 'sms',
    });
    expect(answers[0].data).toMatchObject({ state: 'waitlisted', position: 1 });
    for (const a of answers) expect(a.reply).toEqual(first);
    expect((await reserve(payload)).reply).toEqual(first);
    expect(await states()).toEqual({ confirmed: 1, waitlisted: 1 });
  });

  it('refuses before the opening, in French, with 403 and stores nothing', async () => {
    await backend.setEdition({
      concert_starts_at: '2099-04-26T16:00:00+01:00',
      doors_open_at: '2099-04-26T14:00:00+01:00',
      reservations_open_at: '2099-03-01T09:30:00+01:00',
    });
    const { data, error, status } = await reserve(reservation());
    expect(data).toBeNull();
    expect(status).toBe(403);
    expect(error).toMatchObject({
      code: 'P403',
      hint: 'reservations_not_open',
      message:
        'Les réservations ne sont pas encore ouvertes : elles ouvrent le 01/03/2099 à 9 h 30.',
    });
    expect(await states()).toEqual({});
  });

  it('refuses once the concert has started, and when closed earlier', async () => {
    await backend.setEdition({
      concert_starts_at: new Date(Date.now() - 60_000),
      doors_open_at: new Date(Date.now() - 3_600_000),
      reservations_open_at: new Date(Date.now() - 86_400_000),
    });
    const started = await reserve(reservation());
    expect(started.status).toBe(403);
    expect(started.error).toMatchObject({
      hint: 'reservations_closed',
      message: 'Les réservations sont closes : la Night Party a commencé.',
    });

    await backend.setEdition({
      concert_starts_at: new Date(Date.now() + 86_400_000),
      doors_open_at: new Date(Date.now() + 80_000_000),
      reservations_close_at: new Date(Date.now() - 60_000),
    });
    const closed = await reserve(reservation());
    expect(closed.status).toBe(403);
    expect(closed.error).toMatchObject({
      hint: 'reservations_closed',
      message: 'Les réservations sont closes.',
    });
    expect(await states()).toEqual({});
  });

  it('still answers a retry of a reservation stored before the close', async () => {
    const payload = reservation();
    const before = await reserve(payload);
    await backend.setEdition({ reservations_close_at: new Date(Date.now() - 1000) });
    expect(await reserve(payload)).toMatchObject({ data: before.data, error: null });
  });
});
