import { useSyncExternalStore } from 'react';

/**
 * The one toast helper: top-right, 5000 ms. react-toastify (≈10 kB gzip with its CSS) is not
 * part of the first page load: the first notify() call downloads it and asks the app to mount
 * the container (src/app/ToastHost.tsx, rendered by App). Toasts shown before the container is
 * mounted are queued by react-toastify and appear as soon as it is.
 */
type Kind = 'success' | 'error' | 'info';

let library: Promise<typeof import('react-toastify')> | undefined;
let requested = false;
let hostMounted = false;
let pending: [Kind, string][] = [];
const listeners = new Set<() => void>();

const loadLibrary = () => (library ??= import('react-toastify'));

function emit(toasts: [Kind, string][]): void {
  loadLibrary().then(
    ({ toast }) => toasts.forEach(([kind, message]) => toast[kind](message)),
    (error: unknown) => console.error('Impossible de charger les notifications :', error),
  );
}

function show(kind: Kind, message: string): void {
  loadLibrary();
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  // With the app mounted (it listens), wait for its container; otherwise (a test rendering its
  // own ToastContainer) hand the toast to react-toastify, which queues it until one mounts.
  if (listeners.size > 0 && !hostMounted) pending.push([kind, message]);
  else emit([[kind, message]]);
}

/**
 * Called by the app's toast container once mounted (effect). The queued toasts are emitted
 * asynchronously, after React's StrictMode remount in development, which would drop toasts
 * given to the first, discarded container.
 */
export function toastHostMounted(): () => void {
  hostMounted = true;
  const queued = pending;
  pending = [];
  if (queued.length) emit(queued);
  return () => {
    hostMounted = false;
  };
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export const TOAST_AUTO_CLOSE_MS = 5000;

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
