import { EDITION } from '@/config/edition';
import {
  PARTICIPANT_STATUSES,
  type Participant,
  type ParticipantStatus,
} from '@/data/participants/types';
import type { SelectFilter } from '../ui/ListPage';

import { STATUS_LABELS } from '@/data/participants/status-labels';

export { STATUS_BADGES, STATUS_LABELS } from '@/data/participants/status-labels';

export const statusOf = (p: Pick<Participant, 'status'>): ParticipantStatus =>
  p.status ?? 'inscrit';

/**
 * The status a participant has once given an audition slot: admin_assign_slot convokes those
 * still "Inscrit" or "Présélectionné" and keeps any later status
 * (supabase/migrations/20251123120000_organiser_workspace.sql). Its toast names the change
 * (issue 27): the status moves without the organiser choosing it.
 */
export const statusAfterSlot = (status: ParticipantStatus): ParticipantStatus =>
  status === 'inscrit' || status === 'preselectionne' ? 'convoque' : status;

/** "statut : Convoqué (était Présélectionné)" for those whose status the slot changed. */
export const slotStatusText = (before: ParticipantStatus): string | null => {
  const after = statusAfterSlot(before);
  return after === before
    ? null
    : `statut : ${STATUS_LABELS[after]} (était ${STATUS_LABELS[before]})`;
};

export const AUDITION_CITIES: readonly string[] = EDITION.auditionCities;

/**
 * The participants list's pipeline filters (URL keys `status` and `auditionCity`), for
 * useListQuery and ListPage: spread them beside the page's own.
 */
export const PIPELINE_EMPTY_FILTERS: { status: ParticipantStatus | ''; auditionCity: string } = {
  status: '',
  auditionCity: '',
};
export const PIPELINE_ALLOWED = {
  status: PARTICIPANT_STATUSES as readonly string[],
  auditionCity: AUDITION_CITIES,
};
export const PIPELINE_SELECTS: readonly SelectFilter[] = [
  {
    key: 'status',
    label: 'Statut',
    allLabel: 'Tous les statuts',
    options: PARTICIPANT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
  },
  {
    key: 'auditionCity',
    label: 'Ville d’audition',
    allLabel: 'Toutes les villes',
    options: AUDITION_CITIES.map((c) => ({ value: c, label: c })),
  },
];
