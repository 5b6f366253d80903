import { z } from 'zod';

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

/** A required text: trimmed, and refused when nothing visible is left. */
export const requiredText = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((value) => cleanLine(value) !== '', message);

/** 9 digits, no spaces. */
export const phone = (required = PHONE_REQUIRED) =>
  z.string().trim().min(1, required).regex(PHONE_PATTERN, PHONE_INVALID);

/** Required e-mail with the basic address pattern. */
export const email = (required: string, invalid = 'Adresse email invalide') =>
  z.string().trim().min(1, required).regex(EMAIL_PATTERN, invalid);

export const MEMBER_PHONE_REPEATED =
  "Ce numéro est déjà celui d'une autre personne de l'équipe : chacun indique le sien";

/**
 * One person, one phone: the indexes of the team members whose (valid) phone is the
 * registrant's or an earlier member's. The database refuses such a team too.
 */
export function repeatedMemberPhones(registrantPhone: string, memberPhones: string[]): number[] {
  const seen = new Set([registrantPhone.trim()]);
  const repeated: number[] = [];
  memberPhones.forEach((raw, index) => {
    const value = raw.trim();
    if (!PHONE_PATTERN.test(value)) return;
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}
