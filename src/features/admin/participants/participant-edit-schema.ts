import { z } from 'zod';
import { REGIONS, EDITION } from '@/config/edition';
import {
  email,
  phone,
  repeatedMemberPhones,
  requiredText,
  EMAIL_PATTERN,
  MEMBER_PHONE_REPEATED,
} from '@/lib/validation';
import type { Participant } from '@/data/types';

/** Members besides the registrant: a team is 2 to 10 people. */
export const MAX_MEMBERS = EDITION.team.max - 1;
export const MIN_MEMBERS = EDITION.team.min - 1;

const member = z.object({
  fullName: requiredText('Le nom du membre est obligatoire').pipe(
    z.string().min(2, 'Le nom doit contenir au moins 2 caractères'),
  ),
  phone: phone(),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Adresse email invalide'),
});

/** The admin's edit form of a participant (same rules as the database's CHECK constraints). */
export const participantEditSchema = z
  .object({
    fullName: requiredText('Le nom est obligatoire').pipe(
      z.string().min(2, 'Le nom doit contenir au moins 2 caractères').max(100),
    ),
    email: email("L'email est obligatoire"),
    phone: phone(),
    city: requiredText('La ville est obligatoire').pipe(
      z.string().min(2, 'La ville doit contenir au moins 2 caractères').max(80),
    ),
    region: z.enum(REGIONS, 'Veuillez sélectionner une région'),
    category: z.enum(['dance', 'singing'], 'Veuillez sélectionner une catégorie'),
    participationType: z.enum(['solo', 'team'], 'Veuillez sélectionner un type'),
    teamName: z.string().trim().max(80, "Le nom de l'équipe est trop long"),
    linkToWork: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || /^https?:\/\/\S+$/i.test(v),
        'Lien invalide (il doit commencer par http:// ou https://)',
      ),
    description: z.string().trim().max(1000, 'La description ne doit pas dépasser 1000 caractères'),
    teamMembers: z.array(member),
  })
  .superRefine((v, ctx) => {
    if (v.participationType !== 'team') return;
    if (v.teamName.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamName'],
        message: "Le nom de l'équipe est obligatoire",
      });
    }
    if (v.teamMembers.length < MIN_MEMBERS || v.teamMembers.length > MAX_MEMBERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamMembers'],
        message: `Une équipe compte de ${EDITION.team.min} à ${EDITION.team.max} personnes (le responsable et ${MIN_MEMBERS} à ${MAX_MEMBERS} membres).`,
      });
    }
    for (const index of repeatedMemberPhones(
      v.phone,
      v.teamMembers.map((m) => m.phone),
    ))
      ctx.addIssue({
        code: 'custom',
        path: ['teamMembers', index, 'phone'],
        message: MEMBER_PHONE_REPEATED,
      });
  });

export type ParticipantEditValues = z.input<typeof participantEditSchema>;

export function toEditValues(p: Participant): ParticipantEditValues {
  return {
    fullName: p.fullName,
    email: p.email,
    phone: p.phone,
    city: p.city,
    region: p.region as ParticipantEditValues['region'],
    category: p.category,
    participationType: p.participationType,
    teamName: p.teamName,
    linkToWork: p.linkToWork,
    description: p.description,
    teamMembers: p.teamMembers.map((m) => ({
      fullName: m.fullName,
      phone: m.phone,
      email: m.email,
    })),
  };
}
