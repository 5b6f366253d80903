import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { registrationReference } from '@/lib/registration-reference';
import type { Participant } from '@/data/participants/types';
import { dateCell as date, type Sheet, type SheetColumn } from '../workbook/sheet';
import { STATUS_LABELS, statusOf } from './status-labels';

export const PARTICIPANTS_SHEET = 'Participants';
export const MEMBERS_SHEET = 'Membres d’équipe';

/**
 * The participants' sheet: who they are, then where they are in the contest (status, audition
 * city, the audition's day and time in Douala, when the convocation was sent), the reference they
 * quote (registration-reference.ts) and the full identifier (the CSV's id, the JSON file's name).
 */
const PARTICIPANT_COLUMNS: readonly SheetColumn[] = [
  { header: 'Référence', width: 11, kind: 'text' },
  { header: 'Nom complet', width: 28 },
  { header: 'E-mail', width: 32, kind: 'text' },
  { header: 'Téléphone', width: 14, kind: 'text' },
  { header: 'Ville', width: 16 },
  { header: 'Région', width: 14 },
  { header: 'Catégorie', width: 11 },
  { header: 'Type', width: 10 },
  { header: 'Équipe', width: 24 },
  { header: 'Statut', width: 15 },
  { header: 'Ville d’audition', width: 16 },
  { header: 'Audition le', width: 17, kind: 'date' },
  { header: 'Convocation envoyée le', width: 22, kind: 'date' },
  { header: 'Lien', width: 40, kind: 'text' },
  { header: 'Description', width: 60 },
  { header: 'Inscrit le', width: 17, kind: 'date' },
  { header: 'Identifiant', width: 38, kind: 'text' },
];

const MEMBER_COLUMNS: readonly SheetColumn[] = [
  { header: 'Équipe', width: 24 },
  { header: 'Responsable', width: 28 },
  { header: 'Membre', width: 28 },
  { header: 'Téléphone', width: 14, kind: 'text' },
  { header: 'E-mail', width: 32, kind: 'text' },
];

/** The participants (one row each) and, on a second sheet, every team member with their team. */
export function participantSheets(participants: readonly Participant[]): Sheet[] {
  const teams = participants.filter((p) => p.participationType === 'team');
  return [
    {
      name: PARTICIPANTS_SHEET,
      columns: PARTICIPANT_COLUMNS,
      rows: participants.map((p) => [
        registrationReference(p.id),
        p.fullName,
        p.email,
        p.phone,
        p.city,
        p.region,
        CATEGORY_LABELS[p.category],
        PARTICIPATION_TYPE_LABELS[p.participationType],
        p.participationType === 'team' ? p.teamName : '',
        STATUS_LABELS[statusOf(p)],
        p.auditionCity ?? '',
        date(p.auditionAt ?? null),
        date(p.notifiedAt ?? null),
        p.linkToWork,
        p.description,
        date(p.createdAt),
        p.id,
      ]),
    },
    {
      name: MEMBERS_SHEET,
      columns: MEMBER_COLUMNS,
      rows: teams.flatMap((p) =>
        p.teamMembers.map((m) => [p.teamName, p.fullName, m.fullName, m.phone, m.email]),
      ),
    },
  ];
}
