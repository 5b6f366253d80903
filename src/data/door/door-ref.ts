/**
 * The door checks (docs/decisions/042-a-door-list-without-codes.md). A pass code's: the first
 * `checkBytes` (3) bytes of PBKDF2-HMAC-SHA256(code, salt, iterations), base64url without
 * padding, as the database's private.door_check: about 5e7 codes share each one, so the list
 * never singles out a code, and the database confirms it. A QR token's: the first 16 bytes of
 * SHA-256(salt || token), as private.door_token_check: 128 random bits need no slow hash.
 * `salt`, `iterations` and `checkBytes` are door_list's (the edition's, sent with the full
 * list); `code` is normalised (src/lib/pass-code.ts passCodeOf). WebCrypto's own PBKDF2 and
 * SHA-256: the same in the browser and in Node, run natively, so a verdict stays under 50 ms.
 */

/** What door_list gives to derive checks: the salt (base64url), iterations, bytes kept. */
export type DoorDerivation = { salt: string; iterations: number; checkBytes: number };

const fromBase64Url = (b64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The door check of a normalised pass code. */
export async function doorCheckOf(derivation: DoorDerivation, code: string): Promise<string> {
  const password = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(code),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: fromBase64Url(derivation.salt),
      iterations: derivation.iterations,
    },
    password,
    derivation.checkBytes * 8,
  );
  return toBase64Url(new Uint8Array(bits));
}

/** The door check of a QR token (the 22 characters after `#t=` in the pass's QR). */
export async function tokenCheckOf(derivation: DoorDerivation, token: string): Promise<string> {
  const salt = fromBase64Url(derivation.salt);
  const text = new TextEncoder().encode(token);
  const input = new Uint8Array(salt.length + text.length);
  input.set(salt);
  input.set(text, salt.length);
  const digest = await crypto.subtle.digest('SHA-256', input);
  return toBase64Url(new Uint8Array(digest, 0, 16));
}
