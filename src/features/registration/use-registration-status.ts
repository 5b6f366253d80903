import type { RegistrationStatus } from '@/data/participants/types';
import { registrationStatusQuery } from '@/data/participants/registration-status-query';
import { usePinnedQuery } from '@/lib/public-query';

export type StatusState =
  | { state: 'loading' }
  | { state: 'ready'; status: RegistrationStatus }
  /** The check failed (e.g. offline): the form is shown, the database decides on submission. */
  | { state: 'unknown' };

/**
 * Asks the database once whether registration is open, once the page has painted (the home
 * page's answer serves if fresh: src/data/participants/registration-status-query.ts), and keeps
 * that answer while the form is filled in.
 */
export function useRegistrationStatus(): StatusState {
  const { data } = usePinnedQuery(registrationStatusQuery);
  if (data === undefined) return { state: 'loading' };
  return data ? { state: 'ready', status: data } : { state: 'unknown' };
}
