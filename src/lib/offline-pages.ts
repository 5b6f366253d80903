/**
 * Keeps the current page openable without a network: registers the site's offline worker
 * (dist/offline-sw.js, build/offline-pages.ts) for `scope` (the page's own path, e.g. /jury), so
 * a reload in a hall with no network opens the page again from the device. Only the production
 * build has the worker: in development and tests nothing is registered.
 * Resolves true once a worker controls the page (false when there is none).
 */
export async function keepPageOffline(scope: string): Promise<boolean> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !navigator.serviceWorker)
    return false;
  try {
    await navigator.serviceWorker.register('/offline-sw.js', { scope });
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  } catch {
    // No worker (a private mode, an old browser): the page still works online.
    return false;
  }
}
