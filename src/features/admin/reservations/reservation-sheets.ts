import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { Reservation } from '@/data/reservations/types';
import { dateCell as date, type Sheet, type SheetColumn } from '../workbook/sheet';
import { displayState, doorLabel, RESERVATION_STATE_LABELS } from './reservation-states';

export const RESERVATIONS_SHEET = 'Réservations';

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
