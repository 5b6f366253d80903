import { useEffect, useSyncExternalStore } from 'react';
import type { EditionInfo } from '@/data/night-party';
import type { RegistrationStatus } from '@/data/types';
import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * The organisers' settings as the public pages show them, asked of the database once the page
 * has painted and shared by every component that shows them (footer, home, contact, error page),
 * so that one answer serves them all and they never disagree.
 * - `undefined`: not answered yet (and what a prerendered page holds);
 * - `null`: the question failed: the caller shows src/config/edition.ts's values;
 * - the answer otherwise. A component that mounts later asks again (places left change), showing
 *   the previous answer meanwhile.
 * The data module is imported on demand: it brings the environment check and the RPC helper, which
 * the home page's first load does not need (scripts/bundle-budget.ts).
 */
type Remote<T> = {
  use: () => T | null | undefined;
  /** Tests: forget the answer, as a new page load would. */
  reset: () => void;
};

function remote<T>(load: () => Promise<T>, what: string): Remote<T> {
  let value: T | null | undefined;
  let inFlight: Promise<void> | undefined;
  let generation = 0; // an answer asked before a reset() is dropped
  const listeners = new Set<() => void>();
  const set = (next: T | null) => {
    // A failure after an answer keeps the answer: it is still the best known.
    if (next === null && value) return;
    value = next;
    listeners.forEach((listener) => listener());
  };
  const ask = () => {
    const asked = generation;
    inFlight ??= load().then(
      (answer) => {
        if (asked !== generation) return;
        inFlight = undefined;
        set(answer);
      },
      (error: unknown) => {
        if (asked !== generation) return;
        inFlight = undefined;
        console.error(`${what} failed`, error);
        set(null);
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    use() {
      useEffect(() => afterFirstPaint(ask), []);
      return useSyncExternalStore(
        subscribe,
        () => value,
        () => undefined,
      );
    },
    reset() {
      generation += 1;
      value = undefined;
      inFlight = undefined;
    },
  };
}

const editionInfo = remote<EditionInfo>(
  () => import('@/data/site-status').then((m) => m.getEditionInfo()),
  'edition_info',
);
const registrationStatus = remote<RegistrationStatus>(
  () => import('@/data/site-status').then((m) => m.getPublicRegistrationStatus()),
  'registration_status',
);

/** The Night Party's facts, places and the contacts (edition_info). */
export const useSharedEditionInfo = editionInfo.use;

/** Whether registration is open now, and its window (registration_status). */
export const useSharedRegistrationStatus = registrationStatus.use;

/** Tests only: the next component to mount asks the database as on a fresh page load. */
export function resetSiteStatus(): void {
  editionInfo.reset();
  registrationStatus.reset();
}
