/**
 * One answer for a taken phone (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md):
 * create_reservation answers a phone that holds a live pass exactly as a free one, sends that
 * pass's link to the phone through the outbox and stores nothing new; a cancelled pass frees its
 * phone; two reservations at once with one phone store one live pass. Real supabase-js clients
 * over HTTP against real PostgreSQL; "at once" is Promise.all, one client per request.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  cancel,
  reservation,
  reserve,
  resetNightPartyBeforeEach,
  NO_REFUSAL,
} from './support/night-party';

resetNightPartyBeforeEach();

const passesOf = (phone: string) =>
  backend.sql<{ id: string; pass_code: string; state: string }>(
    'select id::text, pass_code, state from reservations where phone = $1 order by created_at',
    [phone],
  );

const messagesTo = (phone: string) =>
  backend.sql<{ template: string; body: string; reservation_id: string }>(
    `select template, body, reservation_id::text from outbox where recipient = $1`,
    [phone],
  );

describe('a phone that holds a live pass', () => {
  it('gets the answer a free phone gets, no code, and its pass link by message; nothing new is stored', async () => {
    await backend.sql('delete from outbox');
    const holder = reservation();
    const first = await reserve(holder);
    expect(first.error).toBeNull();
    const [held] = await passesOf(holder.phone);

    const again = { ...reservation(), phone: holder.phone, full_name: 'Quelqu’un Dautre' };
    const free = reservation();
    const taken = await reserve(again);
    const fresh = await reserve(free);

    expect(taken.error).toBeNull();
    expect(taken.status).toBe(fresh.status);
    expect(taken.reply).toEqual({
      ...NO_REFUSAL,
      id: again.id,
      sent_to: `6•• •• •• ${holder.phone.slice(-2)}`,
      channel: 'sms',
    });
    expect(Object.keys(taken.reply!).sort()).toEqual(Object.keys(fresh.reply!).sort());
    expect(fresh.reply).toEqual({
      ...NO_REFUSAL,
      id: free.id,
      sent_to: `6•• •• •• ${free.phone.slice(-2)}`,
      channel: 'sms',
    });
    // The holder's code is nowhere in what the requester got.
    expect(JSON.stringify(taken.reply)).not.toContain(held.pass_code);

    expect(await passesOf(holder.phone)).toEqual([held]);
    // The holder's phone got its pass's link twice: for its own reservation (the public
    // budget's), then for this one, as a lost pass (limited per phone: 20251128170000), and the
    // free phone the link of its new pass.
    const heldLink = {
      template: 'pass_recovery',
      body: `Votre pass Booster Night Party : http://localhost:5173/pass/${held.pass_code}`,
      reservation_id: held.id,
    };
    expect(await messagesTo(holder.phone)).toEqual([heldLink, heldLink]);
    const [made] = await passesOf(free.phone);
    expect(await messagesTo(free.phone)).toEqual([
      {
        template: 'pass_recovery',
        body: `Votre pass Booster Night Party : http://localhost:5173/pass/${made.pass_code}`,
        reservation_id: made.id,
      },
    ]);
  });

  it('a waitlisted holder gets the same answer too', async () => {
    await backend.setEdition({ capacity: 1 });
    await reserve(reservation());
    const holder = reservation();
    expect((await reserve(holder)).data?.state).toBe('waitlisted');
    const taken = await reserve({ ...reservation(), phone: holder.phone });
    expect(taken).toMatchObject({ status: 200, error: null });
    expect(Object.keys(taken.reply!).sort()).toEqual([
      'channel',
      'code',
      'details',
      'hint',
      'id',
      'message',
      'sent_to',
    ]);
    expect(taken.reply).toMatchObject(NO_REFUSAL);
    expect((await passesOf(holder.phone)).map((p) => p.state)).toEqual(['waitlisted']);
  });
});

describe('a cancelled pass', () => {
  it('frees its phone: the holder reserves again, a new pass; the old one stays cancelled', async () => {
    const holder = reservation();
    const first = await reserve(holder);
    expect((await cancel(first.data!.pass_code)).error).toBeNull();

    const again = await reserve({ ...reservation(), phone: holder.phone });
    expect(again).toMatchObject({ status: 200, error: null });
    expect(again.data).toMatchObject({ state: 'confirmed' });
    expect(again.data!.pass_code).not.toBe(first.data!.pass_code);
    const passes = await passesOf(holder.phone);
    expect(passes.map((p) => [p.pass_code, p.state])).toEqual([
      [first.data!.pass_code, 'cancelled'],
      [again.data!.pass_code, 'confirmed'],
    ]);
  });
});

describe('two reservations at once with one phone', () => {
  it('store one live pass, and both get the same answer', async () => {
    const phone = reservation().phone;
    const payloads = Array.from({ length: 6 }, () => ({ ...reservation(), phone }));
    const pows = await Promise.all(payloads.map(() => backend.proofOfWork()));
    const results = await Promise.all(payloads.map((p, i) => reserve(p, pows[i])));

    expect(results.map((r) => [r.status, r.error])).toEqual(Array(6).fill([200, null]));
    for (const [i, r] of results.entries())
      expect(r.reply).toEqual({
        ...NO_REFUSAL,
        id: payloads[i].id,
        sent_to: `6•• •• •• ${phone.slice(-2)}`,
        channel: 'sms',
      });
    const passes = await passesOf(phone);
    expect(passes.filter((p) => p.state !== 'cancelled')).toHaveLength(1);
    expect(passes).toHaveLength(1);
  });

  it('after a cancellation, store one new live pass beside the cancelled one', async () => {
    const holder = reservation();
    const first = await reserve(holder);
    await cancel(first.data!.pass_code);
    const payloads = Array.from({ length: 4 }, () => ({ ...reservation(), phone: holder.phone }));
    const pows = await Promise.all(payloads.map(() => backend.proofOfWork()));
    const results = await Promise.all(payloads.map((p, i) => reserve(p, pows[i])));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const states = (await passesOf(holder.phone)).map((p) => p.state).sort();
    expect(states).toEqual(['cancelled', 'confirmed']);
  });
});
