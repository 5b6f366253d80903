import { useDeferredValue } from 'react';
import type { RegistrationStatus } from '@/data/participants/types';
import { useSharedRegistrationStatus } from '@/components/contact/site-status';

export type StatusState =
  | { state: 'loading' }
  | { state: 'ready'; status: RegistrationStatus }
  /** The check failed (e.g. offline): the form is shown, the database decides on submission. */
  | { state: 'unknown' };

/**
 * Whether registration is open, asked once the page has painted (the home page's answer, if
 * fresh, serves: src/data/participants/registration-status-query.ts).
 */
export function useRegistrationStatus(): StatusState {
  // Deferred: the answer brings the whole form, which React then renders in slices of a few
  // milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
  const status = useDeferredValue(useSharedRegistrationStatus());
  if (status === undefined) return { state: 'loading' };
  return status ? { state: 'ready', status } : { state: 'unknown' };
}
