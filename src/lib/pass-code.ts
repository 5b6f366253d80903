/** A pass code as printed and read aloud: ABCDE FGHJK (the door types it either way). */
export const groupedCode = (code: string) => code.replace(/(.{5})(?=.)/g, '$1 ');

/**
 * What the door staff scan or type (and a voter types on /vote), read the way the database reads it
 * (private.normalise_pass_code, check_in_by_phone): a pass code of 10 characters from
 * 23456789ABCDEFGHJKMNPQRSTUVWXYZ in any case, spaces and dashes ignored, or the pass link
 * `${origin}/pass/${code}` that the pass's QR code holds; a phone of 9 digits (+237 ignored).
 */
const CODE = /^[2-9A-HJKMNP-Z]{10}$/;
const SEPARATORS = /[\s\u00a0\u2000-\u200f\u202f\ufeff\-\u2010-\u2015\u2212]/g;

/** The pass code in `raw` (a scanned link or a typed code), or null when it cannot be one. */
export function passCodeOf(raw: string): string | null {
  let candidate = raw.trim();
  const link = /\/pass\/([^/?#]+)/i.exec(candidate);
  if (link) {
    try {
      candidate = decodeURIComponent(link[1]);
    } catch {
      return null;
    }
  }
  const code = candidate.replace(SEPARATORS, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

/**
 * What the pass's QR holds after its link: `#t=` and the pass's token (22 base64url characters,
 * 128 random bits), which the door checks instead of the code
 * (docs/decisions/042-a-door-list-without-codes.md). In the fragment, so the link still opens
 * the pass and the token never reaches a server's logs.
 */
const QR_TOKEN_MARK = '#t=';
const QR_TOKEN = /#t=([A-Za-z0-9_-]{22})$/;

/** The pass link with its token, as the QR holds it; the bare link without a token. */
export const withQrToken = (link: string, token: string) =>
  token ? `${link}${QR_TOKEN_MARK}${token}` : link;

/** The token a scanned QR holds, or null (an old pass image holds the link alone). */
export function qrTokenOf(raw: string): string | null {
  return QR_TOKEN.exec(raw.trim())?.[1] ?? null;
}
