import { CSV_MIME, downloadFile } from '@/lib/csv';
import { notify } from '@/lib/toast';
import { fetchAllParticipants, type ParticipantFilters } from '@/data/list-participants';
import { participantsCsv, participantsFileName } from './exports';

/**
 * Downloads participants_{date}.csv with every participant matching the filters (fetched page
 * by page), and says how it went. Used by the participants list and the dashboard.
 */
export async function exportParticipantsCsv(filters: ParticipantFilters = {}): Promise<void> {
  try {
    const participants = await fetchAllParticipants(filters, { withMembers: false });
    if (participants.length === 0) {
      notify.error('Aucun participant à exporter');
      return;
    }
    downloadFile(participantsFileName(), participantsCsv(participants), CSV_MIME);
    notify.success('Données exportées avec succès');
  } catch (e) {
    console.error('Participants export failed', e);
    notify.error("Erreur lors de l'exportation des données");
  }
}
