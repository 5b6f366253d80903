import type { PublicQuery } from '@/lib/public-query';
import type { EditionInfo } from './edition-info';

/** How long an answer serves a component that mounts later without asking again. */
const EDITION_INFO_STALE_MS = 10_000;

// The import alone, not the question: Vite wraps `import(…).then(callback)` whole in its chunk
// loader, so a failed question would count as a chunk that failed to load (src/lib/chunk-reload.ts).
// Imported on demand: it brings the environment check and the RPC helper, which the home page's
// first load does not need (build/bundle-budget.ts).
const dataModule = () => import('./edition-info');

/**
 * The edition's facts, places and contacts (edition_info), one answer for every public component
 * that shows them (footer, home, contact, error page, the Night Party and success pages), so they
 * never disagree; asked again by a component mounting later once it is EDITION_INFO_STALE_MS old
 * (places left change).
 */
export const editionInfoQuery: PublicQuery<EditionInfo> = {
  key: 'edition_info',
  fetch: () => dataModule().then((m) => m.getEditionInfo()),
  staleMs: EDITION_INFO_STALE_MS,
  label: 'edition_info',
};
