import type { AuditAction } from '@/data/journal/audit';

/** The journal's actions as organisers read them (the action filter and the rows). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'participant.update': 'Participant modifié',
  'participant.delete': 'Participant mis à la corbeille',
  'participant.restore': 'Participant restauré',
  'participant.status': 'Statut changé',
  'participant.slot': 'Créneau attribué',
  'participant.notes': 'Notes modifiées',
  'participant.notified': 'Convocation envoyée',
  'reservation.cancel': 'Réservation annulée',
  'reservation.check_in': 'Entrée validée',
  'reservation.check_in_undo': 'Entrée annulée',
  'door.lookup': 'Recherche par téléphone à la porte',
  'settings.update': 'Paramètres modifiés',
  'message.handled': 'Message traité',
  export: 'Export',
  'retention.request': 'Purge des données personnelles programmée',
  'retention.cancel': 'Purge des données personnelles annulée',
  'retention.purge': 'Purge des données personnelles',
  'bin.purge': 'Corbeille vidée',
  'vote.round_create': 'Manche de vote créée',
  'vote.round_update': 'Manche de vote modifiée',
  'vote.round_delete': 'Manche de vote supprimée',
  'vote.open': 'Vote ouvert',
  'vote.close': 'Vote clos',
  'vote.reveal': 'Résultats du vote révélés',
  'vote.screen_reset': 'Écran de scène remis à l’accueil',
  'jury.score': 'Note d’audition enregistrée',
  'jury.lock': 'Session d’audition verrouillée',
  'jury.unlock': 'Session d’audition déverrouillée',
  'jury.session_save': 'Session d’audition enregistrée',
  'jury.session_delete': 'Session d’audition supprimée',
  'jury.criteria': 'Critères du jury modifiés',
  'jury.preselect': 'Sélection d’après les auditions',
  'door.list': 'Liste des passes téléchargée à la porte',
  'reservation.double_entry': 'Double entrée',
};

export const actionLabel = (action: string) =>
  (ACTION_LABELS as Record<string, string>)[action] ?? action;
