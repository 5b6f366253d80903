import { startTransition, useCallback, useEffect, useState } from 'react';
import { getEditionInfo, type EditionInfo } from '@/data/night-party';

/**
 * The edition's facts and whether reservations are open, asked of the database when the page
 * opens (and again after a refusal): `info` is undefined while loading, null when it failed (the
 * form is then shown anyway: the database decides on submission).
 */
export function useEditionInfo() {
  const [info, setInfo] = useState<EditionInfo | null | undefined>(undefined);
  const refresh = useCallback(() => {
    let live = true;
    getEditionInfo().then(
      // A transition: the answer brings the whole form, which React then renders in slices of a
      // few milliseconds instead of one long task (docs/decisions/011-prerendered-public-pages.md).
      (next) => live && startTransition(() => setInfo(next)),
      (error: unknown) => {
        console.error('edition_info failed', error);
        if (live) setInfo(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(refresh, [refresh]);
  return { info, refresh };
}
