import { eventWallClock } from '@/lib/dates';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import { registrationReference } from '@/lib/registration-reference';
import type { Participant, Reservation } from '@/data/types';
import { STATUS_LABELS, statusOf } from '../pipeline/status-labels';
import {
  displayState,
  doorLabel,
  RESERVATION_STATE_LABELS,
} from '../reservations/reservation-states';

/**
 * The contents of the readable exports ("Exporter pour Excel"): French headers and labels, dates
 * in Douala's time, phones as text, team members on their own sheet. Plain data, written to an
 * .xlsx by readable-export.ts (which alone loads the spreadsheet library).
 */

/** A cell: text, a date (Douala's wall clock, shown as dd/mm/yyyy hh:mm) or empty. */
export type Cell = string | Date | null;

/** `text` columns are formatted as text (`@`), so a phone never becomes 6,77E+08 once edited. */
export type SheetColumn = { header: string; width: number; kind?: 'text' | 'date' };

export type Sheet = { name: string; columns: readonly SheetColumn[]; rows: Cell[][] };

const date = (iso: string | null): Cell => (iso ? eventWallClock(iso) : null);

export const PARTICIPANTS_SHEET = 'Participants';
export const MEMBERS_SHEET = 'Membres d’équipe';
export const RESERVATIONS_SHEET = 'Réservations';

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

const RESERVATION_COLUMNS: readonly SheetColumn[] = [
  { header: 'Nom', width: 28 },
  { header: 'Téléphone', width: 14, kind: 'text' },
  { header: 'Ville', width: 16 },
  { header: 'Pass', width: 16 },
  { header: 'Heure d’entrée', width: 17, kind: 'date' },
  { header: 'Porte d’entrée', width: 26 },
  { header: 'Statut', width: 12 },
  { header: "Source d'information", width: 20 },
  { header: 'Assistera', width: 10 },
  { header: 'Obstacle', width: 26 },
  { header: 'Suit la page', width: 12 },
  { header: 'Consomme Booster', width: 18 },
  { header: 'Réservé le', width: 17, kind: 'date' },
];

/**
 * The Night Party's reservations, one row each: the specification's answers, and what its CSV
 * leaves out (docs/decisions/021-specification-words.md): the pass's state (confirmée, liste
 * d'attente, annulée, entrée validée), the entry time in Douala and the door.
 */
export function reservationSheets(reservations: readonly Reservation[]): Sheet[] {
  return [
    {
      name: RESERVATIONS_SHEET,
      columns: RESERVATION_COLUMNS,
      rows: reservations.map((r) => [
        r.fullName,
        r.phone,
        r.ville,
        RESERVATION_STATE_LABELS[displayState(r)],
        date(r.checkedInAt),
        r.checkedInAt ? doorLabel(r) : '',
        ATTENDANCE_STATUS_LABELS[r.attendanceStatus],
        HEARD_FROM_LABELS[r.heardFrom],
        YES_NO_LABELS[r.willAttend],
        ATTENDANCE_BARRIER_LABELS[r.attendanceBarrier],
        YES_NO_LABELS[r.followsBoosterPage],
        YES_NO_LABELS[r.consumesBoosterProducts],
        date(r.createdAt),
      ]),
    },
  ];
}

/** A list's order, as the pages ask the database for it (docs/decisions/008-admin-data-layer.md). */
export type ExportOrder<C extends string> = { column: C | 'created_at'; ascending: boolean };

const collator = new Intl.Collator('fr');

/**
 * `rows` (as the export walk returns them: newest first, `created_at` then `id` descending) put in
 * the list's order: by `column` (French collation, like the database's ICU one), equal values
 * keeping newest first, as the list pages show them; by date, newest or oldest first.
 */
export function sortForExport<T, C extends string>(
  rows: readonly T[],
  order: ExportOrder<C> | undefined,
  valueOf: (row: T, column: C) => string,
): T[] {
  if (!order || order.column === 'created_at')
    return order?.ascending ? [...rows].reverse() : [...rows];
  const column = order.column;
  const sign = order.ascending ? 1 : -1;
  // Array.prototype.sort is stable: ties keep the walk's order (newest first).
  return [...rows].sort((a, b) => sign * collator.compare(valueOf(a, column), valueOf(b, column)));
}
