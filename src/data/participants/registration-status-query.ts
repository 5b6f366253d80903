import type { PublicQuery } from '@/lib/public-query';
import type { RegistrationStatus } from './types';

// The import alone, not the question: Vite wraps `import(…).then(callback)` whole in its chunk
// loader, so a failed question would count as a chunk that failed to load (src/lib/chunk-reload.ts).
// Imported on demand: it pulls in the plain-fetch RPC helper and the environment's schema, which
// would otherwise delay the first paint of the pages that ask (the home page, /inscription).
const dataModule = () => import('./registration-status');

/** Whether registration is open now, and its window (registration_status): the home page and /inscription. */
export const registrationStatusQuery: PublicQuery<RegistrationStatus> = {
  key: 'registration_status',
  fetch: () => dataModule().then((m) => m.getRegistrationStatus()),
  staleMs: 10_000,
  label: 'registration_status',
};
