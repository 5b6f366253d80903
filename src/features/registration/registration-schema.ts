import * as z from 'zod/mini';
import {
  participantFields,
  teamIssues,
  teamMemberValues,
  PARTICIPANT_MESSAGES,
  type TeamMemberValues,
} from '@/lib/participant-rules';

export { EMPTY_MEMBER, type TeamMemberValues } from '@/lib/participant-rules';
import type { NewRegistration } from '@/data/participants/register-participant';

/**
 * The registration form's rules, with French messages: the participant's fields of
 * src/lib/participant-rules.ts (shared with the admin's edit form) plus the acceptance of the
 * rules. The database enforces the same rules (CHECK constraints and register_participant), so a
 * request sent straight to the API cannot store what this schema refuses.
 */

export const MESSAGES = {
  ...PARTICIPANT_MESSAGES,
  terms: 'Vous devez accepter le règlement et les conditions de participation pour vous inscrire',
} as const;

const fields = participantFields(MESSAGES);

// Listed in the form's order: the issues (and so the errors the form lists) follow it.
export const registrationSchema = z
  .object({
    category: fields.category,
    participationType: fields.participationType,
    fullName: fields.fullName,
    email: fields.email,
    phone: fields.phone,
    city: fields.city,
    region: fields.region,
    // Team fields are kept while the visitor switches mode, and only checked for a team.
    teamName: z.string(),
    teamMembers: z.array(teamMemberValues),
    linkToWork: fields.linkToWork,
    description: fields.description,
    agreeToTerms: z.literal(true, { error: MESSAGES.terms }),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        for (const issue of teamIssues(v, MESSAGES)) ctx.addIssue({ code: 'custom', ...issue });
      },
      // Check the team even while other fields are still wrong, so every error shows at once.
      { when: () => true },
    ),
  );

export type RegistrationFormOutput = z.output<typeof registrationSchema>;

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
