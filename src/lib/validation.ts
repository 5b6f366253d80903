import * as z from 'zod/mini';
import { normalisePhone } from '@/lib/phone';

/**
 * Field rules shared by every form schema (reservation, registration, team members, contact).
 * The database enforces the same rules with CHECK constraints.
 */
export const PHONE_PATTERN = /^[0-9]{9}$/;
/**
 * The database's e-mail rule, character for character (private.email_is_valid in
 * supabase/migrations/20251126090000_trust_foundation.sql): HTML's "valid e-mail address" without
 * '?', '&' and '%', which a mailto: link would read as its own syntax. ASCII only, a dot in the
 * domain, labels of 1 to 63 letters, digits or inner dashes.
 * docs/decisions/019-visible-text-and-safe-links.md
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$'*+/=^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** At most 254 characters and EMAIL_PATTERN: what the database accepts as an address. */
export const isValidEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value);

export const PHONE_INVALID = "Numéro de téléphone invalide (9 chiffres requis, Pas d'espace)";
export const PHONE_REQUIRED = 'Le numéro de téléphone est obligatoire';

/*
 * One line as the database stores it (private.clean_line,
 * supabase/migrations/20251126130000_visible_names_and_emails.sql), in the same order:
 * default-ignorable code points go (zero-width, bidirectional controls, Hangul fillers, tags),
 * except a joiner between two visible characters and a variation selector after one (emoji
 * sequences: 👨‍👩‍👧, ❤️); then runs of spaces of any width, control characters and the Braille
 * blank become one space, and the ends are trimmed.
 * docs/decisions/019-visible-text-and-safe-links.md
 */
/* eslint-disable no-control-regex, no-misleading-character-class --
   control characters, joiners and selectors are exactly what these rules are about. */
const SPACE =
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u2800\u3000]/u;
const SPACES =
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u2800\u3000]+/gu;
const JOINER = /^[\u200c\u200d]$/u;
const SELECTOR = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
/** Default-ignorable, but joiners and variation selectors (judged by their neighbours). */
const IGNORED =
  /(?![\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}])\p{Default_Ignorable_Code_Point}/gu;
/* eslint-enable no-control-regex, no-misleading-character-class */

const visible = (c: string | undefined) =>
  c !== undefined && !SPACE.test(c) && !JOINER.test(c) && !SELECTOR.test(c);

/** One line as the database stores it; '' when nothing visible is left. */
export function cleanLine(value: string): string {
  // Without lookbehind, which older Safari cannot parse: the neighbours are looked at here.
  const chars = [...value.replace(IGNORED, '')];
  const selected = chars.filter((c, i) => !SELECTOR.test(c) || visible(chars[i - 1]));
  const joined = selected.filter(
    (c, i) =>
      !JOINER.test(c) ||
      ((visible(selected[i - 1]) || SELECTOR.test(selected[i - 1] ?? '')) &&
        visible(selected[i + 1])),
  );
  return joined.join('').replace(SPACES, ' ').trim();
}

/**
 * A letter or a digit that shows (Unicode L or N, not default-ignorable: the Hangul fillers are
 * letters to Unicode but show nothing). Names, cities, team names and subjects need one, as in
 * the database (private.has_letter_or_digit).
 */
const LETTER_OR_DIGIT = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u;
export const hasLetterOrDigit = (value: string) => LETTER_OR_DIGIT.test(value);

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
 * A name (or a city, a team name, a subject): cleaned as the database stores it (cleanLine), then
 * refused with `message`, the field's "obligatoire" one, unless a letter or digit shows; then
 * `more` (length limits, measured on the cleaned text as the database does).
 */
export const nameText = (message: string, ...more: StringCheck[]) =>
  z.string().check(z.overwrite(cleanLine), z.refine(hasLetterOrDigit, message), ...more);

/**
 * A name that reads as an address a mail client, an SMS app or WhatsApp could show as a link: a
 * scheme ("https:…", "mailto:x"), "www.", a dot between a letter or digit and two letters
 * ("evil.com", "x.cm"), an IPv4 address, "@", "/" or a backslash. The database's pattern, character for
 * character (private.looks_like_link, supabase/schemas/02_names_without_links.sql), on the same
 * text: cleaned (cleanLine) and in NFKC, so fullwidth letters and dot leaders read as ASCII. A dot
 * followed by a space is an initial ("J. Dupont"). These names are written into the outgoing
 * messages: docs/decisions/038-no-visitor-links-and-outbox-only.md.
 */
const LINK_LIKE =
  /[A-Za-z][A-Za-z0-9+.-]*:[^ ]|[Ww][Ww][Ww][.\u3002]|[A-Za-z0-9-][.\u3002][A-Za-z][A-Za-z]|[0-9][.\u3002][0-9]+[.\u3002][0-9]+[.\u3002][0-9]|[@/\\]/;
export const looksLikeLink = (value: string) => LINK_LIKE.test(cleanLine(value).normalize('NFKC'));

/** The refusal of a person's or a team's name that looks like a link, on its field. */
export const LINK_IN_NAME = {
  name: 'Le nom ne peut pas contenir d’adresse web ni d’e-mail.',
  teamName: 'Le nom de l’équipe ne peut pas contenir d’adresse web ni d’e-mail.',
  memberName: 'Le nom du membre ne peut pas contenir d’adresse web ni d’e-mail.',
} as const;

/**
 * A person's name (nameText), refused with `linkMessage` when it looks like a link; then `more`.
 */
export const personName = (required: string, linkMessage: string, ...more: StringCheck[]) =>
  z.string().check(
    z.overwrite(cleanLine),
    z.refine(hasLetterOrDigit, required),
    z.refine((v) => !looksLikeLink(v), linkMessage),
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

/**
 * Required e-mail with the database's rule (isValidEmail). `more` (a length limit with its own
 * message) comes first: the form shows that message for an address too long.
 */
export const email = (
  required: string,
  invalid = 'Adresse email invalide',
  ...more: StringCheck[]
) => z.string().check(z.trim(), z.minLength(1, required), ...more, z.refine(isValidEmail, invalid));

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
