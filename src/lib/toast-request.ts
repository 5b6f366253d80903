import { useSyncExternalStore } from 'react';

/**
 * Whether a toast has been asked for, which the app listens to (src/app/App.tsx mounts the toast
 * container then). Apart from ./toast.ts, which only the pages that show toasts import: the home
 * page's first load carries these few lines, not the toasts' machinery (build/bundle-budget.ts).
 */
let requested = false;
const listeners = new Set<() => void>();

/** Called by the first notify(): the app mounts the container. */
export function requestToastHost(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

/** True when the app is mounted and listening: its container will come, toasts wait for it. */
export const appListens = () => listeners.size > 0;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a toast has been asked for: the app then mounts the toast container. */
export const useToastsRequested = () =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
