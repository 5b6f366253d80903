import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewChunks } from '../../src/lib/chunk-reload';
import { DataError } from '../../src/lib/errors';

function preloadError(payload: unknown) {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & {
    payload?: unknown;
  };
  event.payload = payload;
  return event;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('reload for a chunk a new deployment removed (vite:preloadError)', () => {
  it('tells a module that could not be fetched from a question that failed', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(
      isChunkLoadError(
        new DataError(
          'network',
          'Impossible de charger les informations de la Night Party pour le moment.',
        ),
      ),
    ).toBe(false);
    expect(isChunkLoadError(new Error('Erreur lors du chargement'))).toBe(false);
    expect(isChunkLoadError('TypeError')).toBe(false);
  });

  it('reloads once for a missing chunk, not again within 10 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const first = preloadError(new TypeError('Failed to fetch dynamically imported module'));
    reloadForNewChunks(first, storage, reload, 100_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const soon = preloadError(new TypeError('Failed to fetch dynamically imported module'));
    reloadForNewChunks(soon, storage, reload, 109_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(soon.defaultPrevented).toBe(false); // Vite rethrows: the error boundary shows it

    reloadForNewChunks(preloadError(new TypeError('x')), storage, reload, 111_000);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for a database question that failed (offline, backend down)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const event = preloadError(
      new DataError(
        'network',
        'Impossible de vérifier l’ouverture des inscriptions pour le moment.',
      ),
    );
    reloadForNewChunks(event, storage, reload, 100_000);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    expect(storage.getItem('chunk_reload_at')).toBeNull();
  });

  it('does not reload without storage for its loop guard', () => {
    const reload = vi.fn();
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => undefined,
    };
    reloadForNewChunks(preloadError(new TypeError('Failed to fetch')), blocked, reload, 1);
    expect(reload).not.toHaveBeenCalled();
  });
});
