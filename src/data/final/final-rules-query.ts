import type { PublicQuery } from '@/lib/public-query';
import type { FinalRules } from './final-rules';

// The import alone, not the question (as src/data/edition/edition-info-query.ts): the rules
// page's first load does not carry the RPC helper.
const dataModule = () => import('./final-rules');

/** The final's published rules, for /reglement (docs/decisions/047-the-final.md). */
export const finalRulesQuery: PublicQuery<FinalRules[]> = {
  key: 'final_rules_public',
  fetch: () => dataModule().then((m) => m.getFinalRules()),
  staleMs: 60_000,
  label: 'final_rules_public',
};
