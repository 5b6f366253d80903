import { appListens, requestToastHost } from './toast-request';

/**
 * The one toast helper. The container (src/app/ToastHost.tsx, rendered by App) holds the
 * specification's constants: top-right (on screens up to 480 px wide react-toastify's stylesheet
 * spreads them across the top), closed after 5000 ms, paused while hovered or focused.
 * react-toastify (≈10 kB gzip with its CSS) is not part of the first page load: the first
 * notify() call downloads it and asks the app to mount the container. Toasts shown before the
 * container is mounted are queued here and appear as soon as it is.
 *
 * A toast may name the action it reports (`{ action: 'admin-session' }`): a later toast of the
 * same action replaces that action's toasts on screen, so a success never sits under a stale
 * error ("Email ou mot de passe incorrect" after the sign-in succeeded), two failures in a row
 * show one error, the latest, and "Déconnexion réussie" replaces "Connexion réussie!".
 */
type Kind = 'success' | 'error' | 'info';
type Options = { action?: string };
type Toast = { kind: Kind; message: string; action?: string };
type Toastify = typeof import('react-toastify');
type ToastId = string | number;

let library: Promise<Toastify> | undefined;
let hostMounted = false;
let pending: Toast[] = [];
/** The toasts on screen, by the action they report. */
const shownByAction = new Map<string, ToastId>();

const loadLibrary = () => (library ??= import('react-toastify'));

function display({ toast }: Toastify, { kind, message, action }: Toast): void {
  const shown = action === undefined ? undefined : shownByAction.get(action);
  if (shown !== undefined) toast.dismiss(shown);
  const id = toast[kind](message);
  if (action) shownByAction.set(action, id);
}

function emit(toasts: Toast[]): void {
  loadLibrary().then(
    (toastify) => toasts.forEach((t) => display(toastify, t)),
    (error: unknown) => console.error('Impossible de charger les notifications :', error),
  );
}

function show(kind: Kind, message: string, { action }: Options = {}): void {
  loadLibrary();
  requestToastHost();
  const toast: Toast = { kind, message, action };
  // With the app mounted (it listens), wait for its container; otherwise (a test rendering its
  // own ToastContainer) hand the toast to react-toastify, which queues it until one mounts.
  if (appListens() && !hostMounted) {
    // A queued toast of the same action is replaced before it was ever shown.
    if (action) pending = pending.filter((t) => t.action !== action);
    pending.push(toast);
  } else emit([toast]);
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

/** The administration's sign-in and sign-out: each replaces the other's toast. */
export const ADMIN_SESSION_TOASTS = { action: 'admin-session' } as const;

export const notify = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
};
