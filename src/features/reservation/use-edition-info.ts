import { editionInfoQuery } from '@/data/edition/edition-info-query';
import { usePinnedQuery } from '@/lib/public-query';

/**
 * The edition's facts and whether reservations are open, the answer the page's footer and
 * contacts share (one request, src/data/edition/edition-info-query.ts), asked when the page opens
 * and anew by `refresh` after a refusal; kept in between, so the form is not taken away while it
 * is filled in: `info` is undefined while loading, null when it failed (the form is then shown
 * anyway: the database decides on submission).
 */
export function useEditionInfo() {
  const { data: info, refresh } = usePinnedQuery(editionInfoQuery);
  return { info, refresh };
}
