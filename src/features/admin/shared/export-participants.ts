import { CSV_MIME, downloadFile } from '@/lib/csv';
import { notify } from '@/lib/toast';
import { logExport } from '@/data/audit';
import { fetchAllParticipants, type ParticipantFilters } from '@/data/list-participants';
import { fetchAllReservations, type ReservationFilters } from '@/data/list-reservations';
import {
  participantsCsv,
  participantsFileName,
  reservationsCsv,
  reservationsFileName,
} from './exports';

const EXPORT_ERROR = "Erreur lors de l'exportation des données";

/**
 * Downloads participants_{date}.csv with every participant matching the filters (fetched page
 * by page), records it in the journal (log_export), and says how it went. Used by the
 * participants list and the dashboard.
 */
export async function exportParticipantsCsv(filters: ParticipantFilters = {}): Promise<void> {
  try {
    const participants = await fetchAllParticipants(filters, { withMembers: false });
    if (participants.length === 0) {
      notify.error('Aucun participant à exporter');
      return;
    }
    downloadFile(participantsFileName(), participantsCsv(participants), CSV_MIME);
    await logExport('participants', filters, participants.length);
    notify.success('Données exportées avec succès');
  } catch (e) {
    console.error('Participants export failed', e);
    notify.error(EXPORT_ERROR);
  }
}

/**
 * Downloads reservations_{date}.csv with every reservation matching the filters, records it in
 * the journal, and says how it went (the reservations list).
 */
export async function exportReservationsCsv(filters: ReservationFilters = {}): Promise<void> {
  try {
    const all = await fetchAllReservations(filters);
    if (all.length === 0) {
      notify.error('Aucune réservation à exporter');
      return;
    }
    downloadFile(reservationsFileName(), reservationsCsv(all), CSV_MIME);
    await logExport('reservations', filters, all.length);
    notify.success('Données exportées avec succès');
  } catch (e) {
    console.error('Reservations export failed', e);
    notify.error(EXPORT_ERROR);
  }
}
