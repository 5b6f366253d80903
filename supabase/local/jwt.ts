import { createHmac, timingSafeEqual } from 'node:crypto';
import { JWT_SECRET } from './constants.ts';

/**
 * HS256 JWTs with the local secret, on node:crypto alone: the backend also runs inside jsdom
 * test workers, where WebCrypto-based libraries see foreign-realm keys and refuse them.
 */
export type Claims = Record<string, unknown> & { sub?: string; role?: string; exp?: number };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (data: string) => createHmac('sha256', JWT_SECRET).update(data).digest();

/** Sign claims as an HS256 JWT with the local secret. */
export async function signJwt(claims: Claims): Promise<string> {
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${hmac(unsigned).toString('base64url')}`;
}

export type VerifyResult =
  { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

const invalid = (message: string): VerifyResult => ({ ok: false, reason: 'invalid', message });

/** Verify an HS256 JWT signed with the local secret (signature, `exp`, `nbf`). */
export async function verifyJwt(token: string): Promise<VerifyResult> {
  const parts = token.split('.');
  if (parts.length !== 3) return invalid('JWSError (CompactDecodeError Invalid number of parts)');
  const [header, payload, signature] = parts;
  let claims: Claims;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (head.alg !== 'HS256') return invalid(`JWSError (JWSInvalidAlgorithm ${String(head.alg)})`);
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  } catch {
    return invalid('JWSError (CompactDecodeError Invalid JSON)');
  }
  const expected = hmac(`${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return invalid('JWSError JWSInvalidSignature');
  }
  if (claims === null || typeof claims !== 'object' || Array.isArray(claims)) {
    return invalid('JWSError (CompactDecodeError claims are not an object)');
  }
  const now = Math.floor(Date.now() / 1000);
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp <= now)) {
    return { ok: false, reason: 'expired', message: 'JWT expired' };
  }
  if (typeof claims.nbf === 'number' && claims.nbf > now) return invalid('JWT not yet valid');
  return { ok: true, claims };
}
