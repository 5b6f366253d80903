import type { EditionInfo } from '@/data/edition/edition-info';
import { editionInfoQuery } from '@/data/edition/edition-info-query';
import type { RegistrationStatus } from '@/data/participants/types';
import { registrationStatusQuery } from '@/data/participants/registration-status-query';
import { usePublicQuery, type PublicQuery } from '@/lib/public-query';

/**
 * The organisers' settings as the public layout shows them, through the public query layer
 * (src/lib/public-query.ts): one answer shared by every component that shows them, asked once
 * the page has painted.
 * - `undefined`: not answered yet (and what a prerendered page holds);
 * - `null`: the question failed: the caller shows src/config/edition.ts's values;
 * - the answer otherwise (kept when a later question fails).
 */
function useShared<T>(query: PublicQuery<T>): T | null | undefined {
  const { data, status } = usePublicQuery(query);
  return data ?? (status === 'error' ? null : undefined);
}

/** The Night Party's facts, places and the contacts (edition_info). */
export const useSharedEditionInfo = (): EditionInfo | null | undefined =>
  useShared(editionInfoQuery);

/** Whether registration is open now, and its window (registration_status). */
export const useSharedRegistrationStatus = (): RegistrationStatus | null | undefined =>
  useShared(registrationStatusQuery);
