/**
 * A new deployment replaced the chunks this tab refers to: Vite then fires `vite:preloadError`,
 * and the tab reloads once to get the new ones (a second failure within 10 s is left to the error
 * boundary). docs/decisions/004-first-load-budget-declarative-router.md
 *
 * Vite fires that event for any rejection of the promise it wraps around a dynamic import, and it
 * wraps `import(…).then(callback)` whole: a callback that asks the database and fails (offline,
 * backend down) reached this handler too, and reloaded the page a visitor was filling in. Only a
 * module that could not be fetched reloads: browsers reject those with a TypeError ("Failed to
 * fetch dynamically imported module", "Importing a module script failed", "error loading
 * dynamically imported module"), Vite a stylesheet that failed with "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && error.message.startsWith('Unable to preload CSS'))
  );
}

const RELOADED_AT_KEY = 'chunk_reload_at';

type PreloadErrorEvent = Event & { payload?: unknown };

/** The `vite:preloadError` listener: reloads once per 10 s for a chunk that failed to load. */
export function reloadForNewChunks(
  event: PreloadErrorEvent,
  storage?: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): void {
  if (!isChunkLoadError(event.payload)) return;
  try {
    // Read here, in the try: a browser that blocks storage throws on `sessionStorage` itself.
    storage ??= sessionStorage;
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < 10_000) return;
    storage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return; // storage unavailable: no loop guard, no reload
  }
  event.preventDefault();
  reload();
}
