import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LocalDatabase } from './database.ts';
import { inTransaction, sqlOf, type Sql } from './sql-client.ts';
import { ACCESS_TOKEN_TTL } from './constants.ts';
import { headerValue, HttpError, jsonReply, notImplemented, type Reply } from './http.ts';
import { signJwt, verifyJwt, type Claims } from './jwt.ts';
import { requireApiKey } from './request-auth.ts';

/** A GoTrue-shaped error: `{ code, error_code, msg }`, which supabase-js turns into an AuthApiError. */
function authError(status: number, errorCode: string, msg: string): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg });
}

type UserRow = {
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

/** `/auth/v1/*`: the GoTrue endpoints the app uses (password sign-in, refresh, user, logout). */
export async function handleAuth(
  db: LocalDatabase,
  req: IncomingMessage,
  path: string,
  body: string,
): Promise<Reply> {
  const sql = sqlOf(db.admin);
  await requireApiKey(req);
  const url = new URL(req.url ?? '/', 'http://local');
  const route = `${req.method} ${path}`;
  switch (route) {
    case 'POST /token': {
      const grant = url.searchParams.get('grant_type');
      const input = parseJson(body);
      if (grant === 'password')
        return tokenReply(req, await inTransaction(db.admin, (tx) => passwordGrant(tx, input)));
      if (grant === 'refresh_token')
        return tokenReply(req, await inTransaction(db.admin, (tx) => refreshGrant(tx, input)));
      throw authError(
        400,
        'unsupported_grant_type',
        `unsupported_grant_type: ${grant ?? '(none)'}`,
      );
    }
    case 'POST /signup':
      throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
    case 'GET /user': {
      const { claims } = await bearerSession(sql, req);
      const user = await findUser(sql, 'u.id = $1', [claims.sub]);
      if (!user)
        throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return { status: 200, body: user.user_json };
    }
    case 'POST /logout': {
      const { claims } = await bearerSession(sql, req);
      const scope = url.searchParams.get('scope') ?? 'global';
      if (scope === 'local') {
        await sql.query('delete from auth.sessions where id = $1', [claims.session_id]);
      } else if (scope === 'others') {
        await sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          claims.sub,
          claims.session_id,
        ]);
      } else {
        await sql.query('delete from auth.sessions where user_id = $1', [claims.sub]);
      }
      return { status: 204 };
    }
    default:
      throw notImplemented(
        `${route.replace(' ', ' /auth/v1')} (only token, user, logout and signup exist locally)`,
      );
  }
}

function parseJson(body: string): Record<string, unknown> {
  try {
    const value: unknown = body ? JSON.parse(body) : {};
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw authError(400, 'bad_json', 'Could not parse request body as JSON');
}

async function findUser(db: Sql, where: string, params: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${USER_SQL} where ${where} and u.deleted_at is null`,
    params,
  );
  return rows[0];
}

type SignIn = { user: UserRow; sessionId: string; signedInAt: number; refreshToken: string };

async function passwordGrant(tx: Sql, input: Record<string, unknown>): Promise<SignIn> {
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

async function refreshGrant(tx: Sql, input: Record<string, unknown>): Promise<SignIn> {
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

/** Claims of a GoTrue access token. */
export function accessTokenClaims(
  user: Pick<
    UserRow,
    'id' | 'role' | 'aud' | 'email' | 'phone' | 'app_metadata' | 'user_metadata' | 'is_anonymous'
  >,
  sessionId: string,
  signedInAt: number,
  issuer: string,
  now = Math.floor(Date.now() / 1000),
): Claims {
  return {
    iss: issuer,
    sub: user.id,
    aud: user.aud,
    exp: now + ACCESS_TOKEN_TTL,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role,
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: signedInAt }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
}

async function tokenReply(req: IncomingMessage, signIn: SignIn): Promise<Reply> {
  const claims = accessTokenClaims(
    signIn.user,
    signIn.sessionId,
    signIn.signedInAt,
    issuerFor(req),
  );
  return jsonReply(200, {
    access_token: await signJwt(claims),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: claims.exp,
    refresh_token: signIn.refreshToken,
    user: JSON.parse(signIn.user.user_json) as unknown,
  });
}

function issuerFor(req: IncomingMessage): string {
  return `http://${headerValue(req, 'host') ?? '127.0.0.1'}/auth/v1`;
}

/** The caller's access token, which must be valid and whose session must still exist. */
async function bearerSession(sql: Sql, req: IncomingMessage): Promise<{ claims: Claims }> {
  const token = headerValue(req, 'authorization')
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  const result = await verifyJwt(token);
  if (!result.ok) {
    throw authError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${result.message}`,
    );
  }
  const { claims } = result;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (
    typeof claims.session_id !== 'string' ||
    !uuid.test(claims.session_id) ||
    !uuid.test(claims.sub ?? '')
  ) {
    throw authError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  const { rows } = await sql.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
    claims.session_id,
    claims.sub,
  ]);
  if (rows.length === 0) {
    throw authError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  return { claims };
}
