import { useLocation } from 'react-router';
import * as paths from '@/config/route-paths';

const PARTICIPANTS_PATH = paths.adminParticipants;

/**
 * What the list passes to a participant's page (router location state): the list's query string,
 * so "Retour à la liste" and the redirect after a deletion return to the same filters and page.
 * Location state belongs to the history entry, so it survives Back/Forward and a reload, and a
 * copied detail link (no state) simply returns to the unfiltered list.
 */
export type FromListState = { listSearch: string };

export const fromListState = (search: string): FromListState => ({ listSearch: search });

/** The list URL to return to from a participant's page. */
export function useListUrl(): string {
  const state: unknown = useLocation().state;
  const search =
    typeof state === 'object' && state !== null && 'listSearch' in state
      ? (state as FromListState).listSearch
      : '';
  return typeof search === 'string' && search.startsWith('?')
    ? `${PARTICIPANTS_PATH}${search}`
    : PARTICIPANTS_PATH;
}
