import * as z from 'zod/mini';
import { EDITION } from '@/config/edition';
import {
  participantFields,
  teamIssues,
  teamMemberValues,
  PARTICIPANT_MESSAGES,
  TEAM_MEMBERS,
  type ParticipantMessages,
} from '@/lib/participant-rules';
import type { Participant } from '@/data/participants/types';
import { formatPhone } from '@/lib/phone';

const TEAM_SIZE = `Une équipe compte de ${EDITION.team.min} à ${EDITION.team.max} personnes (le responsable et ${TEAM_MEMBERS.min} à ${TEAM_MEMBERS.max} membres).`;

/**
 * The registration form's messages, but for the admin's own wording of a few fields: the admin
 * edits someone else's registration ("Le nom", not "Le nom complet"), and sees the team size
 * rule in one sentence, worded as the database's own message.
 */
const MESSAGES: ParticipantMessages = {
  ...PARTICIPANT_MESSAGES,
  fullNameRequired: 'Le nom est obligatoire',
  region: 'Veuillez sélectionner une région',
  category: 'Veuillez sélectionner une catégorie',
  participationType: 'Veuillez sélectionner un type',
  teamNameMax: 'Le nom de l’équipe est trop long',
  linkInvalid: 'Lien invalide (il doit commencer par http:// ou https://)',
  teamTooSmall: TEAM_SIZE,
  teamTooLarge: TEAM_SIZE,
};

const fields = participantFields(MESSAGES);

/**
 * The admin's edit form of a participant: the registration's field rules (the database's CHECK
 * constraints), so a value the database would refuse gets its message on the field.
 */
export const participantEditSchema = z
  .object({
    fullName: fields.fullName,
    email: fields.email,
    phone: fields.phone,
    city: fields.city,
    region: fields.region,
    category: fields.category,
    participationType: fields.participationType,
    // The team section is hidden for a solo and the save drops its fields (toParticipantPatch),
    // so they are checked only for a team: a stale hidden value must not block the save.
    teamName: z.string(),
    linkToWork: fields.linkToWork,
    description: fields.description,
    teamMembers: z.array(teamMemberValues),
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

export type ParticipantEditValues = z.input<typeof participantEditSchema>;

/**
 * The form's values from a participant; phones as every other screen shows them (6 70 00 70 91,
 * issue 40), which the phone rule reads back as the 9 digits.
 */
export function toEditValues(p: Participant): ParticipantEditValues {
  return {
    fullName: p.fullName,
    email: p.email,
    phone: formatPhone(p.phone),
    city: p.city,
    region: p.region as ParticipantEditValues['region'],
    category: p.category,
    participationType: p.participationType,
    teamName: p.teamName,
    linkToWork: p.linkToWork,
    description: p.description,
    teamMembers: p.teamMembers.map((m) => ({
      fullName: m.fullName,
      phone: formatPhone(m.phone),
      email: m.email,
    })),
  };
}
