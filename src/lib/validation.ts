import { z } from 'zod';

/**
 * Field rules shared by every form schema (reservation, registration, team members, contact).
 * The database enforces the same rules with CHECK constraints.
 */
export const PHONE_PATTERN = /^[0-9]{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PHONE_INVALID = "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)";
export const PHONE_REQUIRED = 'Le numéro de téléphone est obligatoire';

/** A required text: trimmed before the check. */
export const requiredText = (message: string) => z.string().trim().min(1, message);

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
