import { useCallback, useEffect, useRef, useState } from 'react';
import { getDoorCount, type DoorCount } from '@/data/door/check-in';
import { afterFirstPaint } from '@/lib/after-first-paint';

/** How often the live count is read again (and after each check-in). */
const COUNT_POLL_MS = 10_000;

/**
 * The live count of entries, read every COUNT_POLL_MS, when the network comes back and on
 * `refresh()`. `stale` is true while the last reading failed (the last known count stays shown).
 */
export function useDoorCount() {
  const [count, setCount] = useState<DoorCount | null>(null);
  const [stale, setStale] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    try {
      const next = await getDoorCount();
      if (request !== latest.current) return;
      setCount(next);
      setStale(false);
    } catch {
      if (request === latest.current) setStale(true);
    }
  }, []);

  useEffect(() => {
    const cancel = afterFirstPaint(() => void refresh());
    const timer = setInterval(() => void refresh(), COUNT_POLL_MS);
    const online = () => void refresh();
    window.addEventListener('online', online);
    const requests = latest;
    return () => {
      cancel();
      clearInterval(timer);
      window.removeEventListener('online', online);
      requests.current++; // an answer arriving after the page is gone is dropped
    };
  }, [refresh]);

  return { count, stale, refresh };
}
