import { useSyncExternalStore } from 'react';

/**
 * Below Tailwind's `sm` breakpoint (40rem, 640 px): a phone, where the administration's lists
 * become cards. Read from matchMedia (with its change event); where there is none (jsdom), from
 * window.innerWidth and the resize event.
 */
const NARROW_MAX_PX = 639;
const WIDE_QUERY = '(min-width: 40rem)';

const hasMatchMedia = () => typeof window.matchMedia === 'function';

function subscribe(onChange: () => void): () => void {
  if (hasMatchMedia()) {
    const query = window.matchMedia(WIDE_QUERY);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const isNarrow = () =>
  hasMatchMedia() ? !window.matchMedia(WIDE_QUERY).matches : window.innerWidth <= NARROW_MAX_PX;

/** True on a screen narrower than 640 px; follows rotations and window resizes. */
export const useNarrowScreen = () => useSyncExternalStore(subscribe, isNarrow, () => false);
