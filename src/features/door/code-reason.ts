/**
 * Why a typed code cannot be a pass, in the steward's words (docs/decisions/043-the-door-fits-the-hand.md):
 * pass codes are 10 characters from 23456789 and the letters without I, L and O
 * (src/lib/pass-code.ts), so a code read aloud wrong ("ABCDE12345") is told apart from a pass
 * the database does not know. Spaces and dashes are ignored, as the door reads them.
 */
const SEPARATORS = /[\s\u00a0\u2000-\u200f\u202f\ufeff\-\u2010-\u2015\u2212]/g;
const LOOK_ALIKE = /[01ILO]/;
const ALLOWED = /^[2-9A-HJKMNP-Z]$/;

/** The reason `raw` cannot be a pass code, or null when it could be one (or is empty). */
export function impossibleCodeReason(raw: string): string | null {
  const code = raw.replace(SEPARATORS, '').toUpperCase();
  if (code === '') return null;
  const lookAlike = LOOK_ALIKE.exec(code);
  if (lookAlike) return `Ce code contient un ${lookAlike[0]} : les pass n’ont ni 0, 1, I, L ni O.`;
  const other = [...code].find((c) => !ALLOWED.test(c));
  if (other) return `Ce code contient « ${other} » : un pass n’a que des lettres et des chiffres.`;
  if (code.length !== 10)
    return `Ce code a ${code.length} caractère${code.length > 1 ? 's' : ''} : un pass en a 10.`;
  return null;
}
