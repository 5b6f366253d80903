import { startTransition, useEffect, useState } from 'react';
import type { RegistrationStatus } from '@/data/participants/types';
import { afterFirstPaint } from '@/lib/after-first-paint';

export type StatusState =
  | { state: 'loading' }
  | { state: 'ready'; status: RegistrationStatus }
  /** The check failed (e.g. offline): the form is shown, the database decides on submission. */
  | { state: 'unknown' };

/*
 * The data module is imported on mount, not statically: it pulls in the Supabase loader and the
 * environment's zod schema (~24 kB gzip), which would otherwise be a dependency of the page's
 * chunk and delay the page's first paint (the header) until they arrive.
 */
// The import alone, not the question: Vite wraps `import(…).then(callback)` whole in its chunk
// loader, so a failed question would count as a chunk that failed to load (src/lib/chunk-reload.ts).
const dataModule = () => import('@/data/participants/registration-status');
const loadStatus = () => dataModule().then((m) => m.getRegistrationStatus());

/** Asks the database once whether registration is open, once the page has painted. */
export function useRegistrationStatus(): StatusState {
  const [result, setResult] = useState<StatusState>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    const cancel = afterFirstPaint(() =>
      loadStatus().then(
        // Transitions: the answer brings the whole form, which React then renders in slices of a
        // few milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
        (status) => active && startTransition(() => setResult({ state: 'ready', status })),
        () => active && startTransition(() => setResult({ state: 'unknown' })),
      ),
    );
    return () => {
      active = false;
      cancel();
    };
  }, []);
  return result;
}
