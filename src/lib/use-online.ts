import { useSyncExternalStore } from 'react';

/**
 * The browser's word on the network, read in one place for every page that works offline (the
 * door, the jury) and the public pages' refetch: a hint only, a send can still fail (and is then
 * kept to be sent again).
 */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Calls `listener` each time the network comes back; returns what stops it. */
export function onReconnect(listener: () => void): () => void {
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

const subscribe = (onChange: () => void) => {
  const stop = onReconnect(onChange);
  window.addEventListener('offline', onChange);
  return () => {
    stop();
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a network, kept up to date as it changes. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
