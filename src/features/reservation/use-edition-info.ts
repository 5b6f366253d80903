import { useCallback, useDeferredValue } from 'react';
import { useSharedEditionInfo } from '@/components/contact/site-status';
import { editionInfoQuery } from '@/data/edition/edition-info-query';
import { fetchQuery } from '@/lib/public-query';

/**
 * The edition's facts and whether reservations are open, the answer the page's footer and
 * contacts share (src/data/edition/edition-info-query.ts), asked anew by `refresh` after a
 * refusal: `info` is undefined while loading, null when it failed (the form is then shown
 * anyway: the database decides on submission).
 */
export function useEditionInfo() {
  // Deferred: the answer brings the whole form, which React then renders in slices of a few
  // milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
  const info = useDeferredValue(useSharedEditionInfo());
  const refresh = useCallback(() => {
    void fetchQuery(editionInfoQuery, { fresh: true }).catch(() => undefined);
  }, []);
  return { info, refresh };
}
