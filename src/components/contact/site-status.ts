import { useEffect, useSyncExternalStore } from 'react';
import type { EditionInfo } from '@/data/edition/edition-info';
import type { RegistrationStatus } from '@/data/participants/types';
import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * The organisers' settings as the public pages show them, asked of the database once the page
 * has painted and shared by every component that shows them (footer, home, contact, error page,
 * the Night Party page), so that one answer serves them all and they never disagree.
 * - `undefined`: not answered yet (and what a prerendered page holds);
 * - `null`: the question failed: the caller shows src/config/edition.ts's values;
 * - the answer otherwise. A component that mounts later asks again (places left change) unless
 *   the answer is under FRESH_MS old or on its way, showing the previous answer meanwhile.
 * The data module is imported on demand: it brings the environment check and the RPC helper, which
 * the home page's first load does not need (build/bundle-budget.ts).
 */
type Remote<T> = {
  use: () => T | null | undefined;
  /**
   * The answer: the one on its way or under FRESH_MS old, else asked now; `fresh` asks anew
   * whatever the last answer (after the database refused a write on stale facts). A caller that
   * has the data module already (the Night Party page) passes its `load`, which saves importing it.
   */
  ask: (options?: { fresh?: boolean; load?: () => Promise<T> }) => Promise<T>;
  /** Tests: forget the answer, as a new page load would. */
  reset: () => void;
};

/** How long an answer serves a component that mounts later without asking again. */
const FRESH_MS = 10_000;

function remote<T>(load: () => Promise<T>, what: string): Remote<T> {
  let value: T | null | undefined;
  let answeredAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<T> | undefined;
  let generation = 0; // an answer asked before a reset() is dropped
  let started = 0; // requests started, numbered, so that an older answer never replaces a newer
  let shown = 0;
  const listeners = new Set<() => void>();
  const set = (next: T | null) => {
    // A failure after an answer keeps the answer: it is still the best known.
    if (next === null && value) return;
    value = next;
    listeners.forEach((listener) => listener());
  };
  const ask = ({ fresh = false, load: loadNow = load } = {}): Promise<T> => {
    if (!fresh && inFlight) return inFlight;
    if (!fresh && value && Date.now() - answeredAt < FRESH_MS) return Promise.resolve(value);
    const asked = generation;
    const number = ++started;
    const request: Promise<T> = loadNow().then(
      (answer) => {
        if (asked === generation) {
          if (inFlight === request) inFlight = undefined;
          if (number > shown) {
            shown = number;
            answeredAt = Date.now();
            set(answer);
          }
        }
        return answer;
      },
      (error: unknown) => {
        if (asked === generation) {
          if (inFlight === request) inFlight = undefined;
          console.error(`${what} failed`, error);
          set(null);
        }
        throw error;
      },
    );
    inFlight = request;
    return request;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    use() {
      useEffect(() => afterFirstPaint(() => void ask().catch(() => undefined)), []);
      return useSyncExternalStore(
        subscribe,
        () => value,
        () => undefined,
      );
    },
    ask,
    reset() {
      generation += 1;
      value = undefined;
      answeredAt = Number.NEGATIVE_INFINITY;
      inFlight = undefined;
    },
  };
}

// The import alone, not the question: Vite wraps `import(…).then(callback)` whole in its chunk
// loader, so a failed question would count as a chunk that failed to load (src/lib/chunk-reload.ts).
const dataModule = () => import('./site-status-calls');
const editionInfo = remote<EditionInfo>(
  () => dataModule().then((m) => m.getEditionInfo()),
  'edition_info',
);
const registrationStatus = remote<RegistrationStatus>(
  () => dataModule().then((m) => m.getRegistrationStatus()),
  'registration_status',
);

/** The Night Party's facts, places and the contacts (edition_info). */
export const useSharedEditionInfo = editionInfo.use;
/** The same answer for a caller that renders it its own way (the Night Party page's form). */
export const askEditionInfo = editionInfo.ask;

/** Whether registration is open now, and its window (registration_status). */
export const useSharedRegistrationStatus = registrationStatus.use;

/** Tests only: the next component to mount asks the database as on a fresh page load. */
export function resetSiteStatus(): void {
  editionInfo.reset();
  registrationStatus.reset();
}
