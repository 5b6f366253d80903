import { z } from 'zod';
import { EDITION, REGIONS } from '@/config/edition';
import {
  cleanLine,
  email,
  phone,
  repeatedMemberPhones,
  requiredText,
  EMAIL_PATTERN,
  MEMBER_PHONE_REPEATED,
} from '@/lib/validation';
import type { NewRegistration } from '@/data/register-participant';

/**
 * The registration form's rules, with French messages. The database enforces the same rules
 * (CHECK constraints and register_participant), so a request sent straight to the API cannot
 * store what this schema refuses.
 */
export const MAX_TEAM_MEMBERS = EDITION.team.max - 1; // the registrant plus 1 to 9 members
export const MIN_TEAM_MEMBERS = EDITION.team.min - 1;
export const DESCRIPTION_MAX = 1000;
export const LINK_MAX = 500;
const URL_PATTERN = /^https?:\/\/\S+$/i;

export const MESSAGES = {
  category: 'Veuillez choisir une catégorie : danse ou chant',
  participationType: 'Veuillez choisir un mode de participation : solo ou équipe',
  fullNameRequired: 'Le nom complet est obligatoire',
  fullNameMin: 'Le nom doit contenir au moins 2 caractères',
  fullNameMax: 'Le nom ne doit pas dépasser 100 caractères',
  emailRequired: "L'email est obligatoire",
  emailInvalid: 'Adresse email invalide',
  emailMax: "L'adresse email ne doit pas dépasser 254 caractères",
  cityRequired: 'La ville est obligatoire',
  cityMin: 'La ville doit contenir au moins 2 caractères',
  cityMax: 'La ville ne doit pas dépasser 80 caractères',
  region: 'Veuillez sélectionner votre région',
  teamNameRequired: "Le nom de l'équipe est obligatoire",
  teamNameMin: "Le nom de l'équipe doit contenir au moins 2 caractères",
  teamNameMax: "Le nom de l'équipe ne doit pas dépasser 80 caractères",
  teamTooSmall: `Ajoutez au moins ${MIN_TEAM_MEMBERS} membre : une équipe compte de ${EDITION.team.min} à ${EDITION.team.max} personnes, vous compris.`,
  teamTooLarge: `Une équipe compte au plus ${EDITION.team.max} personnes, vous compris : retirez des membres.`,
  memberNameRequired: 'Le nom du membre est obligatoire',
  memberPhoneRepeated: MEMBER_PHONE_REPEATED,
  linkInvalid: 'Le lien doit être une adresse web commençant par http:// ou https://',
  linkMax: `Le lien ne doit pas dépasser ${LINK_MAX} caractères`,
  descriptionMax: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  terms: 'Vous devez accepter le règlement et les conditions de participation pour vous inscrire',
} as const;

const fullName = (required: string) =>
  requiredText(required).min(2, MESSAGES.fullNameMin).max(100, MESSAGES.fullNameMax);

/** One team member: full name and phone required, e-mail optional but valid when given. */
export const teamMemberSchema = z.object({
  fullName: fullName(MESSAGES.memberNameRequired),
  phone: phone(),
  email: z
    .string()
    .trim()
    .max(254, MESSAGES.emailMax)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), MESSAGES.emailInvalid),
});

const memberValues = z.object({ fullName: z.string(), phone: z.string(), email: z.string() });

export const registrationSchema = z
  .object({
    category: z.enum(['dance', 'singing'], { error: MESSAGES.category }),
    participationType: z.enum(['solo', 'team'], { error: MESSAGES.participationType }),
    fullName: fullName(MESSAGES.fullNameRequired),
    email: email(MESSAGES.emailRequired, MESSAGES.emailInvalid).max(254, MESSAGES.emailMax),
    phone: phone(),
    city: requiredText(MESSAGES.cityRequired).min(2, MESSAGES.cityMin).max(80, MESSAGES.cityMax),
    region: z.enum(REGIONS, { error: MESSAGES.region }),
    // Team fields are kept while the visitor switches mode, and only checked for a team.
    teamName: z.string(),
    teamMembers: z.array(memberValues),
    linkToWork: z
      .string()
      .trim()
      .max(LINK_MAX, MESSAGES.linkMax)
      .refine((v) => v === '' || URL_PATTERN.test(v), MESSAGES.linkInvalid),
    description: z.string().trim().max(DESCRIPTION_MAX, MESSAGES.descriptionMax),
    agreeToTerms: z.literal(true, { error: MESSAGES.terms }),
  })
  .superRefine(
    (v, ctx) => {
      if (v.participationType !== 'team') return;
      const name = typeof v.teamName === 'string' ? cleanLine(v.teamName) : '';
      if (!name)
        ctx.addIssue({ code: 'custom', path: ['teamName'], message: MESSAGES.teamNameRequired });
      else if (name.length < 2)
        ctx.addIssue({ code: 'custom', path: ['teamName'], message: MESSAGES.teamNameMin });
      else if (name.length > 80)
        ctx.addIssue({ code: 'custom', path: ['teamName'], message: MESSAGES.teamNameMax });

      const members = Array.isArray(v.teamMembers) ? v.teamMembers : [];
      if (members.length < MIN_TEAM_MEMBERS)
        ctx.addIssue({ code: 'custom', path: ['teamMembers'], message: MESSAGES.teamTooSmall });
      if (members.length > MAX_TEAM_MEMBERS)
        ctx.addIssue({ code: 'custom', path: ['teamMembers'], message: MESSAGES.teamTooLarge });
      members.forEach((member, index) => {
        const result = teamMemberSchema.safeParse(member);
        if (result.success) return;
        for (const issue of result.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: ['teamMembers', index, ...issue.path],
            message: issue.message,
          });
      });
      // One registration per person: each person of the team gives their own phone.
      for (const index of repeatedMemberPhones(
        v.phone,
        members.map((m) => m.phone),
      ))
        ctx.addIssue({
          code: 'custom',
          path: ['teamMembers', index, 'phone'],
          message: MESSAGES.memberPhoneRepeated,
        });
    },
    // Check the team even while other fields are still wrong, so every error shows at once.
    { when: () => true },
  );

export type RegistrationFormOutput = z.output<typeof registrationSchema>;
export type TeamMemberValues = z.input<typeof memberValues>;

/** What the form holds while it is being filled (nothing chosen yet is ''). */
export type RegistrationFormValues = {
  category: RegistrationFormOutput['category'] | '';
  participationType: RegistrationFormOutput['participationType'] | '';
  fullName: string;
  email: string;
  phone: string;
  city: string;
  region: RegistrationFormOutput['region'] | '';
  teamName: string;
  teamMembers: TeamMemberValues[];
  linkToWork: string;
  description: string;
  agreeToTerms: boolean;
};

/** An empty form: no category, mode or region chosen yet. */
export const EMPTY_REGISTRATION: RegistrationFormValues = {
  category: '',
  participationType: '',
  fullName: '',
  email: '',
  phone: '',
  city: '',
  region: '',
  teamName: '',
  teamMembers: [],
  linkToWork: '',
  description: '',
  agreeToTerms: false,
};

export const EMPTY_MEMBER: TeamMemberValues = { fullName: '', phone: '', email: '' };

/** Valid form output -> what the data module sends (team fields dropped for a solo). */
export function toNewRegistration(v: RegistrationFormOutput): NewRegistration {
  const team = v.participationType === 'team';
  return {
    fullName: v.fullName,
    email: v.email,
    phone: v.phone,
    city: v.city,
    region: v.region,
    category: v.category,
    participationType: v.participationType,
    teamName: team ? v.teamName.trim() : '',
    teamMembers: team
      ? v.teamMembers.map((m) => ({
          fullName: m.fullName.trim(),
          phone: m.phone.trim(),
          email: m.email.trim(),
        }))
      : [],
    linkToWork: v.linkToWork,
    description: v.description,
    agreeToTerms: v.agreeToTerms,
  };
}
