/**
 * What runs once when the site loads, before the router reads the URL (see src/main.tsx):
 * the trailing-slash rewrite, the cached-data version check and the global error logging.
 */

export const APP_VERSION = '1.0.1';
export const VERSION_STORAGE_KEY = 'app_version';

type LocationLike = Pick<Location, 'pathname' | 'search' | 'hash'>;
type HistoryLike = Pick<History, 'replaceState' | 'state'>;

/** "/faq" -> "/faq/"; null when the path already ends with "/" or its last segment has a dot. */
export function withTrailingSlash(pathname: string): string | null {
  if (pathname.endsWith('/')) return null;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  return `${pathname}/`;
}

/** Rewrites the address with a trailing slash (history replace, no reload). True if changed. */
export function rewriteTrailingSlash(
  location: LocationLike = window.location,
  history: HistoryLike = window.history,
): boolean {
  const path = withTrailingSlash(location.pathname);
  if (path === null) return false;
  history.replaceState(history.state, '', `${path}${location.search}${location.hash}`);
  return true;
}

type CacheStorageLike = Pick<CacheStorage, 'keys' | 'delete'>;
type VersionStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * When the stored version marker is not 1.0.1 (or missing), stores 1.0.1 and deletes every
 * Cache Storage cache, so a visitor never runs on data cached by an older release.
 * Resolves to true when the caches were cleared.
 */
export async function checkVersionMarker(
  storage: VersionStorage | undefined = globalThis.localStorage,
  cacheStorage: CacheStorageLike | undefined = globalThis.caches,
): Promise<boolean> {
  if (!storage) return false;
  let stored: string | null;
  try {
    stored = storage.getItem(VERSION_STORAGE_KEY);
  } catch {
    return false; // storage disabled (private mode with strict settings): nothing to compare
  }
  if (stored === APP_VERSION) return false;
  storage.setItem(VERSION_STORAGE_KEY, APP_VERSION);
  if (!cacheStorage) return true;
  const names = await cacheStorage.keys();
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
  return true;
}

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Logs uncaught errors and unhandled promise rejections. Returns a function that stops it. */
export function installGlobalErrorLogging(target: ErrorTarget = window): () => void {
  const onError = (event: ErrorEvent) => {
    console.error('Erreur non interceptée :', event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('Promesse rejetée non gérée :', event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Everything above, in order. Called once from src/main.tsx before the app renders. */
export function runStartup(): void {
  installGlobalErrorLogging();
  rewriteTrailingSlash();
  // Once the browser is idle: nothing reads Cache Storage while the page starts, and the first
  // localStorage read (the browser opens the storage) cost the start a few ms of a phone's CPU.
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  whenIdle(() => {
    checkVersionMarker().catch((error: unknown) => {
      console.error('Impossible de vider les caches du navigateur :', error);
    });
  });
}
