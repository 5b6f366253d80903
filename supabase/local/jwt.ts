import { jwtVerify, SignJWT, errors, type JWTPayload } from 'jose';
import { JWT_SECRET } from './constants.ts';

const key = new TextEncoder().encode(JWT_SECRET);

export type Claims = JWTPayload & Record<string, unknown>;

/** Sign claims as an HS256 JWT with the local secret. */
export function signJwt(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

export type VerifyResult =
  { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Verify an HS256 JWT signed with the local secret (signature and `exp`). */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return { ok: false, reason: 'expired', message: 'JWT expired' };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'invalid', message: `JWSError: ${detail}` };
  }
}
