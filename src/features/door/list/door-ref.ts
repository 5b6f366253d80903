/**
 * The door reference of a pass (docs/decisions/032-offline-door.md): the first 16 bytes of
 * HMAC-SHA256(the edition's door key, the pass code in its normalised form), base64url without
 * padding. The door list names passes only by it, so a downloaded list holds no pass code; the
 * phone computes the same reference from a scanned or typed code with WebCrypto.
 */

const REF_BYTES = 16;

/** base64url (no padding) → bytes. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** bytes → base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The edition's door key (base64url, from the list's full download) as a WebCrypto HMAC key. */
export function importDoorKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    fromBase64Url(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** The reference of a pass code already normalised (passCodeOf: upper case, 10 characters). */
export async function doorRefOf(key: CryptoKey, code: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(code));
  return toBase64Url(new Uint8Array(mac, 0, REF_BYTES));
}
