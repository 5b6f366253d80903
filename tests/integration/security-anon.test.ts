import { describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';
import { NO_REFUSAL } from './support/night-party';

/** What the public anon key can and cannot do, over raw HTTP as any visitor could. */
const backend = testBackend();

const headers = (extra: Record<string, string> = {}) => ({
  apikey: backend.anonKey,
  Authorization: `Bearer ${backend.anonKey}`,
  'Content-Type': 'application/json',
  ...extra,
});

const reservation = (phone: string) => ({
  id: crypto.randomUUID(),
  full_name: 'Marie Nana',
  phone,
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
});

const post = (body: unknown) =>
  fetch(`${backend.url}/rest/v1/reservations`, {
    method: 'POST',
    headers: headers({ Prefer: 'return=minimal' }),
    body: JSON.stringify(body),
  });

const reserve = (payload: unknown) =>
  fetch(`${backend.url}/rest/v1/rpc/create_reservation`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ payload }),
  });

describe('the anon key', () => {
  it.each([
    'participants',
    'team_members',
    'reservations',
    'reservation_directory',
    'contact_messages',
  ])('reads no row of %s', async (table) => {
    await backend.sql(`insert into reservations (full_name, phone, ville, heard_from)
        values ('Déjà Là', '6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}', 'Douala', 'flyer')`);
    const res = await fetch(`${backend.url}/rest/v1/${table}?select=*`, { headers: headers() });
    const body = await res.json();
    expect(Array.isArray(body) ? body : []).toHaveLength(0);
    expect(res.status).toBe(401);
    expect(body.code).toBe('42501');
  });

  it('cannot insert into the reservations table directly, not even one row', async () => {
    const row = reservation('690112233');
    const res = await post(row);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('42501');
    expect(await backend.sql(`select id from reservations where id = '${row.id}'`)).toHaveLength(0);
  });

  it('reserves through create_reservation with a proof of work', async () => {
    const row = reservation('690112233');
    const res = await reserve({ ...row, pow: await backend.proofOfWork() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...NO_REFUSAL,
      id: row.id,
      sent_to: '6•• •• •• 33',
      channel: 'sms',
    });
    const stored = await backend.sql(
      `select full_name, ville from reservations where id = '${row.id}'`,
    );
    expect(stored).toEqual([{ full_name: 'Marie Nana', ville: 'Yaoundé' }]);
  });

  it('refuses an 8-digit phone with 400 and the field, and stores nothing', async () => {
    const row = reservation('69011223');
    const res = await reserve({ ...row, pow: await backend.proofOfWork() });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: '22023', hint: 'invalid_field', details: 'phone' });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(await backend.sql(`select id from reservations where id = '${row.id}'`)).toHaveLength(0);
  });

  it('answers a second reservation with the same phone as a new one, and stores nothing (ADR 039)', async () => {
    const first = await reserve({ ...reservation('677001122'), pow: await backend.proofOfWork() });
    expect(first.status).toBe(200);
    const second = reservation('677001122');
    const res = await reserve({ ...second, pow: await backend.proofOfWork() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...NO_REFUSAL,
      id: second.id,
      sent_to: '6•• •• •• 22',
      channel: 'sms',
    });
    expect(
      await backend.sql(`select count(*)::int n from reservations where phone = '677001122'`),
    ).toEqual([{ n: 1 }]);
  });

  it('cannot set server-side columns (created_at) of a reservation', async () => {
    const res = await post({ ...reservation('655443322'), created_at: '2000-01-01T00:00:00Z' });
    expect(res.status).toBe(401);
  });

  it('cannot call admin functions', async () => {
    for (const fn of ['participant_stats', 'reservation_summary']) {
      const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: headers(),
        body: '{}',
      });
      expect(res.status).toBe(401);
    }
  });

  it('can ask whether registration is open', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/registration_status`, {
      method: 'POST',
      headers: headers(),
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      open: expect.any(Boolean),
      reason: expect.any(String),
    });
  });
});

// Security review, findings 6 and 7 (docs/decisions/019-visible-text-and-safe-links.md); the
// full matrix is in visible-names.test.ts and visible-emails-and-admin-edit.test.ts.
describe('the anon key cannot store what shows nothing or breaks a mailto: link', () => {
  const rpc = async (fn: string, payload: Record<string, unknown>) => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ payload: { ...payload, pow: await backend.proofOfWork() } }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('refuses a reservation in the name of Hangul fillers', async () => {
    const row = reservation('690998877');
    const res = await rpc('create_reservation', { ...row, full_name: '\u3164\u3164\u3164' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Le nom est obligatoire', hint: 'invalid_field', details: 'full_name' },
    });
    expect(await backend.sql(`select id from reservations where id = '${row.id}'`)).toHaveLength(0);
  });

  it('refuses a message whose address carries a hidden Bcc', async () => {
    const id = crypto.randomUUID();
    const res = await rpc('send_contact_message', {
      id,
      name: 'Victime',
      email: 'victime@example.cm?bcc=espion%40example.org&body=Cliquez',
      subject: 'Question',
      message: 'Bonjour, une question sur le concours.',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Adresse email invalide', hint: 'invalid_field', details: 'email' },
    });
    expect(await backend.sql(`select id from contact_messages where id = '${id}'`)).toHaveLength(0);
  });
});
