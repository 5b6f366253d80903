import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { testBackend } from '../setup/test-backend';

/** The 24-hour admin rule holds in the database, whatever the browser says. */
const backend = testBackend();
let adminId: string;
let participantId: string;

const clientWithToken = (token: string) =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as never },
  });

const amr = (hoursAgo: number) => [
  { method: 'password', timestamp: Math.floor(Date.now() / 1000) - hoursAgo * 3600 },
];

beforeAll(async () => {
  adminId = await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.sql(`begin;
    insert into participants (full_name, email, phone, city, region, category, participation_type, agree_to_terms)
    values ('Awa Ngono', 'awa@example.cm', '690000001', 'Douala', 'Littoral', 'dance', 'solo', true);
    commit;`);
  [{ id: participantId }] = await backend.sql<{ id: string }>(`select id::text from participants`);
});

describe('an admin sign-in', () => {
  it('is honoured when it is 23 hours old', async () => {
    const token = await backend.signAccessToken({ sub: adminId, amr: amr(23) });
    const { data, error } = await clientWithToken(token).from('participants').select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it('is refused by the database when older than 24 hours, even with a valid token', async () => {
    const token = await backend.signAccessToken({ sub: adminId, amr: amr(25) });
    const c = clientWithToken(token);
    const { data } = await c.from('participants').select('id');
    expect(data).toEqual([]);
    const stats = await c.rpc('participant_stats');
    expect(stats.error?.code).toBe('42501');
    const del = await c.rpc('admin_delete_participant', { id: participantId });
    expect(del.error?.code).toBe('42501');
    expect(
      await backend.sql(`select count(*)::int n from participants where deleted_at is null`),
    ).toEqual([{ n: 1 }]);
  });

  it('keeps its sign-in time across a token refresh', async () => {
    const c = await backend.signedInClient('chef@example.cm', 'chef-password-123');
    const before = (await c.auth.getSession()).data.session;
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    const decode = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    expect(decode(data.session!.access_token).amr).toEqual(decode(before!.access_token).amr);
  });
});
