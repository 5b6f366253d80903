import * as z from 'zod/mini';
import { EDITION, REGIONS } from '@/config/edition';
import { normalisePhone } from '@/lib/phone';
import { CheckedValues } from '../../supabase/database.types';
import {
  cleanLine,
  email,
  hasLetterOrDigit,
  isValidEmail,
  LINK_IN_NAME,
  looksLikeLink,
  nameText,
  personName,
  phone,
  repeatedMemberPhones,
  withScheme,
  MEMBER_PHONE_REPEATED,
} from '@/lib/validation';

/**
 * The participant's fields, defined once for every form that writes a participant: the public
 * registration form and the admin's edit form. Each used to carry its own copy, and the copies
 * drifted (the edit form lost the e-mail and link limits, so the database refused the save with a
 * generic error instead of a message on the field). The limits are the database's: the CHECK
 * constraints on participants and team_members, and private.check_registration.
 */

/** Team members besides the registrant: a team is EDITION.team.min to .max people, them included. */
export const TEAM_MEMBERS = { min: EDITION.team.min - 1, max: EDITION.team.max - 1 } as const;

export const PARTICIPANT_LIMITS = {
  fullName: { min: 2, max: 100 },
  city: { min: 2, max: 80 },
  teamName: { min: 2, max: 80 },
  email: 254,
  link: 500,
  description: 1000,
} as const;

/** As the database declares them (participants.category, participants.participation_type). */
export const CATEGORIES = CheckedValues.participants.category;
const PARTICIPATION_TYPES = CheckedValues.participants.participation_type;

/** An http(s) address without spaces, as the database checks link_to_work. */
const LINK_PATTERN = /^https?:\/\/\S+$/i;

const L = PARTICIPANT_LIMITS;

/** The French messages of the participant's fields (the public registration form's wording). */
export const PARTICIPANT_MESSAGES = {
  category: 'Veuillez choisir une catégorie : danse ou chant',
  participationType: 'Veuillez choisir un mode de participation : solo ou équipe',
  fullNameRequired: 'Le nom complet est obligatoire',
  fullNameMin: `Le nom doit contenir au moins ${L.fullName.min} caractères`,
  fullNameMax: `Le nom ne doit pas dépasser ${L.fullName.max} caractères`,
  fullNameLink: LINK_IN_NAME.name,
  emailRequired: "L'email est obligatoire",
  emailInvalid: 'Adresse email invalide',
  emailMax: `L’adresse e-mail ne doit pas dépasser ${L.email} caractères`,
  cityRequired: 'La ville est obligatoire',
  cityMin: `La ville doit contenir au moins ${L.city.min} caractères`,
  cityMax: `La ville ne doit pas dépasser ${L.city.max} caractères`,
  region: 'Veuillez sélectionner votre région',
  teamNameRequired: 'Le nom de l’équipe est obligatoire',
  teamNameMin: `Le nom de l’équipe doit contenir au moins ${L.teamName.min} caractères`,
  teamNameMax: `Le nom de l’équipe ne doit pas dépasser ${L.teamName.max} caractères`,
  teamNameLink: LINK_IN_NAME.teamName,
  teamTooSmall: `Ajoutez au moins ${TEAM_MEMBERS.min} membre : une équipe compte de ${EDITION.team.min} à ${EDITION.team.max} personnes, vous compris.`,
  teamTooLarge: `Une équipe compte au plus ${EDITION.team.max} personnes, vous compris : retirez des membres.`,
  memberNameRequired: 'Le nom du membre est obligatoire',
  memberNameLink: LINK_IN_NAME.memberName,
  memberPhoneRepeated: MEMBER_PHONE_REPEATED,
  linkInvalid: 'Le lien doit être une adresse web commençant par http:// ou https://',
  linkMax: `Le lien ne doit pas dépasser ${L.link} caractères`,
  descriptionMax: `La description ne doit pas dépasser ${L.description} caractères`,
} as const;

/** The messages a form passes to the rules: the registration's, or a form's own wording of some. */
export type ParticipantMessages = Record<keyof typeof PARTICIPANT_MESSAGES, string>;

// A pipe, not a chain: a blank name reports "required" once, not also "too short". A name needs
// a letter or digit that shows and must not look like a link (personName), as in the database.
const name = (required: string, link: string, m: ParticipantMessages) =>
  z.pipe(
    personName(required, link),
    z
      .string()
      .check(
        z.minLength(L.fullName.min, m.fullNameMin),
        z.maxLength(L.fullName.max, m.fullNameMax),
      ),
  );

/** One team member: full name and phone required, e-mail optional but valid when given. */
export const teamMemberRules = (m: ParticipantMessages = PARTICIPANT_MESSAGES) =>
  z.object({
    fullName: name(m.memberNameRequired, m.memberNameLink, m),
    phone: phone(),
    email: z.string().check(
      z.trim(),
      z.maxLength(L.email, m.emailMax),
      z.refine((v) => v === '' || isValidEmail(v), m.emailInvalid),
    ),
  });

/**
 * A team member as a form holds it. The forms keep the team fields while the mode is switched and
 * check them (teamIssues) only for a team, so a hidden stale member never blocks a solo. The phone
 * comes out as its 9 digits, as the registrant's does: what teamIssues checks is what is stored.
 */
export const teamMemberValues = z.object({
  fullName: z.string(),
  phone: z.string().check(z.overwrite(normalisePhone)),
  email: z.string(),
});

export type TeamMemberValues = z.input<typeof teamMemberValues>;

export const EMPTY_MEMBER: TeamMemberValues = { fullName: '', phone: '', email: '' };

/** The participant's own fields (everything but the team), with the given messages. */
export const participantFields = (m: ParticipantMessages = PARTICIPANT_MESSAGES) => ({
  fullName: name(m.fullNameRequired, m.fullNameLink, m),
  email: email(m.emailRequired, m.emailInvalid, z.maxLength(L.email, m.emailMax)),
  phone: phone(),
  city: z.pipe(
    nameText(m.cityRequired),
    z.string().check(z.minLength(L.city.min, m.cityMin), z.maxLength(L.city.max, m.cityMax)),
  ),
  region: z.enum(REGIONS, { error: m.region }),
  category: z.enum(CATEGORIES, { error: m.category }),
  participationType: z.enum(PARTICIPATION_TYPES, { error: m.participationType }),
  // A link copied without its scheme gets https://, measured and stored with it.
  linkToWork: z.string().check(
    z.overwrite(withScheme),
    z.maxLength(L.link, m.linkMax),
    z.refine((v) => v === '' || LINK_PATTERN.test(v), m.linkInvalid),
  ),
  description: z.string().check(z.trim(), z.maxLength(L.description, m.descriptionMax)),
});

export type TeamIssue = { path: (string | number)[]; message: string };

/**
 * The team's rules, for a team only: its name, its size, each member, one phone per person.
 * The value may be partly invalid (the schemas run this even while other fields are wrong, so
 * every error shows at once), hence the type guards.
 */
export function teamIssues(
  v: { participationType?: unknown; phone?: unknown; teamName?: unknown; teamMembers?: unknown },
  m: ParticipantMessages = PARTICIPANT_MESSAGES,
): TeamIssue[] {
  if (v.participationType !== 'team') return [];
  const issues: TeamIssue[] = [];
  // Measured as the database stores it: invisible characters are blank, and a letter must show.
  const teamName = typeof v.teamName === 'string' ? cleanLine(v.teamName) : '';
  if (!hasLetterOrDigit(teamName)) issues.push({ path: ['teamName'], message: m.teamNameRequired });
  else if (looksLikeLink(teamName)) issues.push({ path: ['teamName'], message: m.teamNameLink });
  else if (teamName.length < L.teamName.min)
    issues.push({ path: ['teamName'], message: m.teamNameMin });
  else if (teamName.length > L.teamName.max)
    issues.push({ path: ['teamName'], message: m.teamNameMax });

  const members: unknown[] = Array.isArray(v.teamMembers) ? v.teamMembers : [];
  if (members.length < TEAM_MEMBERS.min)
    issues.push({ path: ['teamMembers'], message: m.teamTooSmall });
  if (members.length > TEAM_MEMBERS.max)
    issues.push({ path: ['teamMembers'], message: m.teamTooLarge });

  const member = teamMemberRules(m);
  members.forEach((value, index) => {
    const result = member.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues)
      issues.push({
        path: ['teamMembers', index, ...issue.path.map((key) => String(key))],
        message: issue.message,
      });
  });

  // One registration per person: each person of the team gives their own phone.
  const phoneOf = (x: unknown) =>
    typeof x === 'object' && x !== null && 'phone' in x && typeof x.phone === 'string'
      ? x.phone
      : '';
  for (const index of repeatedMemberPhones(
    typeof v.phone === 'string' ? v.phone : '',
    members.map(phoneOf),
  ))
    issues.push({ path: ['teamMembers', index, 'phone'], message: m.memberPhoneRepeated });
  return issues;
}
