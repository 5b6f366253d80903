import type { IncomingMessage } from 'node:http';
import { API_ROLES, type ApiRole } from './constants.ts';
import { headerValue, HttpError } from './http.ts';
import { verifyJwt, type Claims, type VerifyResult } from './jwt.ts';

export type Caller = { role: ApiRole; claims: Claims };

/**
 * Who is calling, as Supabase's gateway and PostgREST decide it: an `apikey` is required, the
 * `Authorization: Bearer` token (or the apikey when absent) must be a valid JWT signed with the
 * local secret, and its `role` claim picks the database role.
 */
export async function authenticate(req: IncomingMessage): Promise<Caller> {
  const apikeyCheck = await requireApiKey(req);

  const authorization = headerValue(req, 'authorization');
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (authorization && !bearer) throw jwtError('PGRST301', 'No suitable key or wrong key type');
  const result = bearer ? await verifyJwt(bearer) : apikeyCheck;
  if (!result.ok) {
    throw jwtError(result.reason === 'expired' ? 'PGRST303' : 'PGRST301', result.message);
  }
  const role = typeof result.claims.role === 'string' ? result.claims.role : 'anon';
  if (!(API_ROLES as readonly string[]).includes(role)) {
    throw new HttpError(401, {
      code: '42501',
      message: `permission denied to set role "${role}"`,
      details: null,
      hint: null,
    });
  }
  return { role: role as ApiRole, claims: result.claims };
}

function jwtError(code: string, message: string): HttpError {
  return new HttpError(
    401,
    { code, message, details: null, hint: null },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    },
  );
}

/** The gateway's check: an `apikey` header (or url param) holding a valid key. */
export async function requireApiKey(req: IncomingMessage): Promise<VerifyResult & { ok: true }> {
  const apikey =
    headerValue(req, 'apikey') ??
    new URL(req.url ?? '/', 'http://local').searchParams.get('apikey');
  if (!apikey) {
    throw new HttpError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  const result = await verifyJwt(apikey);
  if (!result.ok) throw new HttpError(401, { message: 'Invalid API key', hint: null });
  return result;
}
