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
const listeners = new Set<() => void>();

function show(kind: Kind, message: string): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  library ??= import('react-toastify');
  library.then(
    ({ toast }) => toast[kind](message),
    (error: unknown) => console.error('Impossible de charger les notifications :', error),
  );
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
