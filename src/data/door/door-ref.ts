/**
 * The door reference of a pass code (docs/decisions/032-offline-door.md): the first 16 bytes of
 * HMAC-SHA256(key, code), base64url without padding, as the database's private.door_ref. `key`
 * is door_list's (base64url, 32 bytes); `code` is normalised (src/lib/pass-code.ts passCodeOf:
 * upper case, no separators). WebCrypto: the same in the browser and in Node.
 */

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

/** The HMAC key of door_list's `key`, imported once per list (sign only, not extractable). */
export function importDoorKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    fromBase64Url(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** The door reference of a normalised pass code. */
export async function doorRefOf(key: CryptoKey, code: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(code));
  return toBase64Url(new Uint8Array(mac, 0, 16));
}
