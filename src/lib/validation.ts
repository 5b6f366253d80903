import * as z from 'zod/mini';
import { normalisePhone } from '@/lib/phone';

/**
 * Field rules shared by every form schema (reservation, registration, team members, contact).
 * The database enforces the same rules with CHECK constraints.
 */
export const PHONE_PATTERN = /^[0-9]{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PHONE_INVALID = "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)";
export const PHONE_REQUIRED = 'Le numéro de téléphone est obligatoire';

/**
 * Whitespace of any kind, zero-width and control characters: a text made only of them is blank,
 * and runs of them count as one space. The database applies the same rule (private.clean_line).
 */
const INVISIBLE =
  // Control characters are exactly what this rule is about.
  // eslint-disable-next-line no-control-regex
  /[\s\u0000-\u001f\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]+/g;

/** One line as the database stores it: invisible runs become one space, ends trimmed. */
export const cleanLine = (value: string) => value.replace(INVISIBLE, ' ').trim();

/** A string's rules after the ones a helper applies first (a length limit, a pattern). */
type StringCheck = z.core.$ZodCheck<string>;

/**
 * A required text: trimmed, and refused when nothing visible is left; then `more` (a length
 * limit). zod/mini (docs/decisions/012-form-validation-zod-mini.md).
 */
export const requiredText = (message: string, ...more: StringCheck[]) =>
  z.string().check(
    z.trim(),
    z.minLength(1, message),
    z.refine((value) => cleanLine(value) !== '', message),
    ...more,
  );

/**
 * A Cameroonian phone: written as people do (+237, spaces, dots, dashes), then held to the
 * specification's rule, 9 digits, with its message. The output is the 9 digits, what is stored.
 */
export const phone = (required = PHONE_REQUIRED) =>
  z
    .string()
    .check(
      z.overwrite(normalisePhone),
      z.minLength(1, required),
      z.regex(PHONE_PATTERN, PHONE_INVALID),
    );

/** A host name, then optionally a port and a path, query or fragment: "youtube.com/watch?v=x". */
const BARE_ADDRESS = /^(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:[/?#]\S*)?$/u;

/**
 * A web address as people copy it: trimmed, and with https:// put before one written without a
 * scheme ("youtube.com/watch?v=abc", "www.tiktok.com/@x"). Anything else (another scheme, words,
 * spaces) is left for the link rule to refuse with its message.
 */
export function withScheme(value: string): string {
  const link = value.trim();
  return BARE_ADDRESS.test(link) ? `https://${link}` : link;
}

/** Required e-mail with the basic address pattern; then `more` (a length limit). */
export const email = (
  required: string,
  invalid = 'Adresse email invalide',
  ...more: StringCheck[]
) => z.string().check(z.trim(), z.minLength(1, required), z.regex(EMAIL_PATTERN, invalid), ...more);

export const MEMBER_PHONE_REPEATED =
  'Ce numéro est déjà celui d’une autre personne de l’équipe : chacun indique le sien';

/**
 * One person, one phone: the indexes of the team members whose (valid) phone is the
 * registrant's or an earlier member's, however each was written. The database refuses such a team too.
 */
export function repeatedMemberPhones(registrantPhone: string, memberPhones: string[]): number[] {
  // Compared as stored: "+237 677 12 34 56" is the same person as "677123456".
  const seen = new Set([normalisePhone(registrantPhone)]);
  const repeated: number[] = [];
  memberPhones.forEach((raw, index) => {
    const value = normalisePhone(raw);
    if (!PHONE_PATTERN.test(value)) return;
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}
