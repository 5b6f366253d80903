import type { ParticipantStatus } from './types';

/**
 * The contest statuses as organisers read them, in the pipeline's order, and their badges: the
 * participants' pages and the auditions' results both show them, so they live with their domain
 * (docs/decisions/003-feature-folders-and-data-module.md).
 */
export const STATUS_LABELS: Record<ParticipantStatus, string> = {
  inscrit: 'Inscrit',
  preselectionne: 'Présélectionné',
  convoque: 'Convoqué',
  finaliste: 'Finaliste',
  laureat: 'Lauréat',
  refuse: 'Refusé',
};

/** Badge colours (text contrast AA on each background). */
export const STATUS_BADGES: Record<ParticipantStatus, string> = {
  inscrit: 'bg-gray-100 text-gray-800',
  preselectionne: 'bg-blue-100 text-blue-900',
  convoque: 'bg-yellow-100 text-yellow-900',
  finaliste: 'bg-purple-100 text-purple-900',
  laureat: 'bg-green-100 text-green-900',
  refuse: 'bg-red-100 text-red-900',
};
