import { useCallback } from 'react';
import { doorCountQuery } from '@/data/door/door-count-query';
import { fetchQuery, usePublicQuery } from '@/lib/public-query';

/** How often the live count is read again (and after each check-in). */
const COUNT_POLL_MS = 10_000;

/**
 * The live count of entries, read every COUNT_POLL_MS, when the network comes back, when the
 * page comes back to the foreground and on `refresh()`. `stale` is true while the last reading
 * failed (the last known count stays shown).
 */
export function useDoorCount() {
  const { data, status } = usePublicQuery(doorCountQuery, { interval: { ms: COUNT_POLL_MS } });
  const refresh = useCallback(async () => {
    await fetchQuery(doorCountQuery, { fresh: true }).catch(() => undefined);
  }, []);
  return { count: data ?? null, stale: status === 'error', refresh };
}
