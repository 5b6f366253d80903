/**
 * The embedded backend's GoTrue subset through real supabase-js and raw HTTP: password sign-in,
 * tokens shaped like Supabase's, refresh keeping the sign-in time, logout, refused sign-up.
 */
import { AuthApiError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';

const backend = testBackend();
let userId = '';

beforeAll(async () => {
  userId = await backend.createUser('user@example.test', 'correct-horse-battery');
  await backend.sql(`
    create function public.fx_claims() returns jsonb language sql stable as $$
      select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(),
                                'amr', auth.jwt() -> 'amr', 'user', current_user)
    $$;
    grant execute on function public.fx_claims() to anon, authenticated;`);
});

const auth = (path: string, init: RequestInit = {}) =>
  fetch(`${backend.url}/auth/v1/${path}`, {
    ...init,
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...init.headers },
  });

describe('password sign-in', () => {
  it('issues a Supabase-shaped access token and the database sees the user', async () => {
    const c = backend.anonClient();
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await c.auth.signInWithPassword({
      email: 'USER@example.test',
      password: 'correct-horse-battery',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: userId,
      email: 'user@example.test',
      aud: 'authenticated',
    });
    const claims = decodeJwt(data.session?.access_token ?? '');
    expect(claims).toMatchObject({
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'user@example.test',
      aal: 'aal1',
      session_id: expect.any(String),
      app_metadata: { provider: 'email' },
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr[0].method).toBe('password');
    expect(amr[0].timestamp).toBeGreaterThanOrEqual(before - 1);

    const { data: seen } = await c.rpc('fx_claims');
    expect(seen).toMatchObject({
      uid: userId,
      role: 'authenticated',
      email: 'user@example.test',
      user: 'authenticated',
    });
    const { data: me } = await c.auth.getUser();
    expect(me.user?.id).toBe(userId);
  });

  it('keeps the amr sign-in time across refreshes and rotates the refresh token', async () => {
    const c = await backend.signedInClient('user@example.test', 'correct-horse-battery');
    const first = (await c.auth.getSession()).data.session;
    const signedInAt = (decodeJwt(first?.access_token ?? '').amr as { timestamp: number }[])[0]
      .timestamp;
    await backend.sql(
      `update auth.mfa_amr_claims set created_at = created_at - interval '2 hours'
        where session_id = $1`,
      [decodeJwt(first?.access_token ?? '').session_id],
    );
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    const refreshed = decodeJwt(data.session?.access_token ?? '');
    expect((refreshed.amr as { timestamp: number }[])[0].timestamp).toBe(signedInAt - 7200);
    expect(refreshed.session_id).toBe(decodeJwt(first?.access_token ?? '').session_id);
    expect(data.session?.refresh_token).not.toBe(first?.refresh_token);

    const reuse = await auth('token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: first?.refresh_token }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
  });

  it('refuses a wrong password with GoTrue’s invalid_credentials error', async () => {
    const { data, error } = await backend
      .anonClient()
      .auth.signInWithPassword({ email: 'user@example.test', password: 'wrong' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await backend
      .anonClient()
      .auth.signInWithPassword({ email: 'nobody@example.test', password: 'wrong' });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('logs out: the refresh token and the session stop working', async () => {
    const c = await backend.signedInClient('user@example.test', 'correct-horse-battery');
    const session = (await c.auth.getSession()).data.session;
    const { error } = await c.auth.signOut();
    expect(error).toBeNull();
    const refresh = await auth('token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: session?.refresh_token }),
    });
    expect(refresh.status).toBe(400);
    const user = await auth('user', {
      headers: { Authorization: `Bearer ${session?.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('refuses sign-up: sign-up is disabled', async () => {
    const { error } = await backend
      .anonClient()
      .auth.signUp({ email: 'new@example.test', password: 'some-password-1' });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    const [{ n }] = await backend.sql<{ n: number }>(
      `select count(*)::int as n from auth.users where email = 'new@example.test'`,
    );
    expect(n).toBe(0);
  });

  it('validates the CLI’s demo anon key with the local secret', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/fx_claims`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'anon', uid: null, user: 'anon' });
  });
});
