/**
 * The local GoTrue's sign-ins (supabase/local/auth.ts): the password grant and the refresh-token
 * grant, each in one transaction, and the user as GoTrue returns it.
 */
import { randomBytes } from 'node:crypto';
import type { Sql } from './sql-client.ts';
import { HttpError } from './http.ts';

/** A GoTrue-shaped error: `{ code, error_code, msg }`, which supabase-js turns into an AuthApiError. */
export function authError(status: number, errorCode: string, msg: string): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg });
}

export type UserRow = {
  id: string;
  role: string;
  aud: string;
  email: string | null;
  phone: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
  user_json: string;
};

/** The user as GoTrue returns it (timestamps formatted by Postgres). */
const USER_SQL = `
  select u.id::text, coalesce(nullif(u.role, ''), 'authenticated') as role,
         coalesce(nullif(u.aud, ''), 'authenticated') as aud, u.email, u.phone,
         coalesce(u.raw_app_meta_data, '{}') as app_metadata,
         coalesce(u.raw_user_meta_data, '{}') as user_metadata, u.is_anonymous,
         json_build_object(
           'id', u.id, 'aud', coalesce(nullif(u.aud, ''), 'authenticated'),
           'role', coalesce(nullif(u.role, ''), 'authenticated'), 'email', u.email,
           'email_confirmed_at', u.email_confirmed_at, 'phone', coalesce(u.phone, ''),
           'confirmed_at', u.confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
           'app_metadata', coalesce(u.raw_app_meta_data, '{}'),
           'user_metadata', coalesce(u.raw_user_meta_data, '{}'),
           'identities', coalesce((
             select json_agg(json_build_object(
               'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
               'identity_data', i.identity_data, 'provider', i.provider, 'email', i.email,
               'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
               'updated_at', i.updated_at))
             from auth.identities i where i.user_id = u.id), '[]'::json),
           'created_at', u.created_at, 'updated_at', u.updated_at,
           'is_anonymous', u.is_anonymous
         )::text as user_json
    from auth.users u`;

export async function findUser(
  db: Sql,
  where: string,
  params: unknown[],
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${USER_SQL} where ${where} and u.deleted_at is null`,
    params,
  );
  return rows[0];
}

export type SignIn = { user: UserRow; sessionId: string; signedInAt: number; refreshToken: string };

export async function passwordGrant(tx: Sql, input: Record<string, unknown>): Promise<SignIn> {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  const password = typeof input.password === 'string' ? input.password : '';
  if (!email || !password) {
    throw authError(
      400,
      'validation_failed',
      'You must provide either an email or phone number and a password',
    );
  }
  const { rows } = await tx.query<{
    id: string;
    hash: string;
    confirmed: boolean;
    banned: boolean;
  }>(
    `select id::text, coalesce(encrypted_password, '') as hash, email_confirmed_at is not null as confirmed,
            coalesce(banned_until > now(), false) as banned
       from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  const found = rows[0];
  if (!found) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
  // GoTrue's order: a banned account is refused before its password is checked (the same answer
  // whatever the password), then the password, then the e-mail confirmation.
  if (found.banned) throw authError(400, 'user_banned', 'User is banned');
  const valid =
    found.hash.startsWith('$') &&
    (
      await tx.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [
        password,
        found.hash,
      ])
    ).rows[0].ok;
  if (!valid) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
  if (!found.confirmed) throw authError(400, 'email_not_confirmed', 'Email not confirmed');

  const session = await tx.query<{ id: string; signed_in_at: number }>(
    `insert into auth.sessions (user_id) values ($1)
     returning id::text, extract(epoch from created_at)::bigint::int as signed_in_at`,
    [found.id],
  );
  const { id: sessionId, signed_in_at: signedInAt } = session.rows[0];
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, 'password')`,
    [sessionId],
  );
  await tx.query(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1',
    [found.id],
  );
  const refreshToken = await issueRefreshToken(tx, found.id, sessionId, null);
  const user = await findUser(tx, 'u.id = $1', [found.id]);
  return { user: user as UserRow, sessionId, signedInAt, refreshToken };
}

export async function refreshGrant(tx: Sql, input: Record<string, unknown>): Promise<SignIn> {
  const token = typeof input.refresh_token === 'string' ? input.refresh_token : '';
  const { rows } = await tx.query<{
    user_id: string;
    session_id: string;
    revoked: boolean;
    signed_in_at: number;
  }>(
    `select r.user_id::text, r.session_id::text, r.revoked,
            extract(epoch from coalesce(a.created_at, s.created_at))::bigint::int as signed_in_at
       from auth.refresh_tokens r
       join auth.sessions s on s.id = r.session_id
       left join auth.mfa_amr_claims a on a.session_id = s.id and a.authentication_method = 'password'
      where r.token = $1`,
    [token],
  );
  const found = rows[0];
  if (!found)
    throw authError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  if (found.revoked)
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  const user = await findUser(tx, 'u.id = $1', [found.user_id]);
  if (!user)
    throw authError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  await tx.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
    [token],
  );
  await tx.query('update auth.sessions set updated_at = now() where id = $1', [found.session_id]);
  const refreshToken = await issueRefreshToken(tx, found.user_id, found.session_id, token);
  return { user, sessionId: found.session_id, signedInAt: found.signed_in_at, refreshToken };
}

async function issueRefreshToken(
  tx: Sql,
  userId: string,
  sessionId: string,
  parent: string | null,
) {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [token, userId, sessionId, parent],
  );
  return token;
}
