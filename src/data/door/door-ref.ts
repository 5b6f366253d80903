/**
 * The door check of a pass code (docs/decisions/036-door-admits-what-it-scanned.md): the first
 * 16 bytes of PBKDF2-HMAC-SHA256(code, salt, iterations), base64url without padding, as the
 * database's private.door_check. `salt` and `iterations` are door_list's (the edition's, sent
 * with the full list); `code` is normalised (src/lib/pass-code.ts passCodeOf: upper case, no
 * separators). WebCrypto's own PBKDF2: the same in the browser and in Node, run natively, so a
 * verdict stays under the door's 50 ms while a stolen list costs years to turn back into codes.
 */

/** What door_list gives to derive checks: the salt (base64url) and the iteration count. */
export type DoorDerivation = { salt: string; iterations: number };

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
    128,
  );
  return toBase64Url(new Uint8Array(bits));
}
