import type { PublicQuery } from '@/lib/public-query';
import type { CategoryResults } from './final-results-public';

// The import alone, not the question (as ./final-rules-query.ts): the page's first load does
// not carry the mapper.
const dataModule = () => import('./final-results-public');

/** The final's published results, for /resultats (docs/decisions/047-the-final.md). */
export const finalResultsQuery: PublicQuery<CategoryResults[]> = {
  key: 'final_results_public',
  fetch: () => dataModule().then((m) => m.getFinalResults()),
  staleMs: 60_000,
  label: 'final_results_public',
};
