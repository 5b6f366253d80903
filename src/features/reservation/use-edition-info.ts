import { startTransition, useCallback, useEffect, useState } from 'react';
import { askEditionInfo } from '@/components/contact/site-status';
import { getEditionInfo, type EditionInfo } from '@/data/edition/edition-info';

/**
 * The edition's facts and whether reservations are open, asked of the database when the page
 * opens (the answer the page's footer and contacts share: one request, src/components/contact/
 * site-status.ts) and anew after a refusal: `info` is undefined while loading, null when it failed
 * (the form is then shown anyway: the database decides on submission).
 */
export function useEditionInfo() {
  const [info, setInfo] = useState<EditionInfo | null | undefined>(undefined);
  const ask = useCallback((fresh: boolean) => {
    let live = true;
    askEditionInfo({ fresh, load: getEditionInfo }).then(
      // A transition: the answer brings the whole form, which React then renders in slices of a
      // few milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
      (next) => live && startTransition(() => setInfo(next)),
      () => live && setInfo(null),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => ask(false), [ask]);
  const refresh = useCallback(() => {
    ask(true);
  }, [ask]);
  return { info, refresh };
}
