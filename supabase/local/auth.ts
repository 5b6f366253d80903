import type { IncomingMessage } from 'node:http';
import type { LocalDatabase } from './database.ts';
import { inTransaction, sqlOf, type Sql } from './sql-client.ts';
import { ACCESS_TOKEN_TTL } from './constants.ts';
import { headerValue, jsonReply, notImplemented, type Reply } from './http.ts';
import { signJwt, verifyJwt, type Claims } from './jwt.ts';
import { requireApiKey } from './request-auth.ts';
import {
  authError,
  findUser,
  passwordGrant,
  refreshGrant,
  type SignIn,
  type UserRow,
} from './auth-grants.ts';

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
/** Claims of a GoTrue access token. */
function accessTokenClaims(
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
