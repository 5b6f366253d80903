import { describe, expect, it, vi } from 'vitest';
import {
  APP_VERSION,
  checkVersionMarker,
  installGlobalErrorLogging,
  rewriteTrailingSlash,
  VERSION_STORAGE_KEY,
  withTrailingSlash,
} from '@/lib/startup';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

function fakeCaches(names: string[]) {
  const left = new Set(names);
  return {
    left,
    keys: async () => [...left],
    delete: async (name: string) => left.delete(name),
  };
}

describe('trailing-slash rewrite', () => {
  it('adds a slash to a path without one and without a dot', () => {
    expect(withTrailingSlash('/faq')).toBe('/faq/');
    expect(withTrailingSlash('/admin/participants/42')).toBe('/admin/participants/42/');
  });

  it('leaves paths that end with a slash or name a file', () => {
    expect(withTrailingSlash('/')).toBeNull();
    expect(withTrailingSlash('/faq/')).toBeNull();
    expect(withTrailingSlash('/robots.txt')).toBeNull();
    expect(withTrailingSlash('/assets/index-abc.js')).toBeNull();
  });

  it('replaces the history entry (no reload), keeping the query string, hash and state', () => {
    const history = { state: { idx: 3 }, replaceState: vi.fn() };
    const changed = rewriteTrailingSlash(
      { pathname: '/inscription', search: '?category=dance', hash: '#form' },
      history,
    );
    expect(changed).toBe(true);
    expect(history.replaceState).toHaveBeenCalledExactlyOnceWith(
      { idx: 3 },
      '',
      '/inscription/?category=dance#form',
    );
  });

  it('does nothing when the path is already right', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(rewriteTrailingSlash({ pathname: '/contact/', search: '', hash: '' }, history)).toBe(
      false,
    );
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

describe('version marker 1.0.1', () => {
  it('stores the marker and clears every cache when the stored marker differs', async () => {
    const storage = memoryStorage({ [VERSION_STORAGE_KEY]: '1.0.0', other: 'x' });
    const caches = fakeCaches(['workbox-precache', 'api-cache']);
    await expect(checkVersionMarker(storage, caches)).resolves.toBe(true);
    expect(storage.data.get(VERSION_STORAGE_KEY)).toBe('1.0.1');
    expect(storage.data.get('other')).toBe('x');
    expect([...caches.left]).toEqual([]);
  });

  it('treats a missing marker as different', async () => {
    const storage = memoryStorage();
    const caches = fakeCaches(['old']);
    await expect(checkVersionMarker(storage, caches)).resolves.toBe(true);
    expect(storage.data.get(VERSION_STORAGE_KEY)).toBe(APP_VERSION);
    expect(caches.left.size).toBe(0);
  });

  it('keeps the caches when the marker is already 1.0.1', async () => {
    const storage = memoryStorage({ [VERSION_STORAGE_KEY]: '1.0.1' });
    const caches = fakeCaches(['keep-me']);
    await expect(checkVersionMarker(storage, caches)).resolves.toBe(false);
    expect([...caches.left]).toEqual(['keep-me']);
  });

  it('still stores the marker where Cache Storage does not exist (plain http)', async () => {
    const storage = memoryStorage({ [VERSION_STORAGE_KEY]: '0.9' });
    await expect(checkVersionMarker(storage, undefined)).resolves.toBe(true);
    expect(storage.data.get(VERSION_STORAGE_KEY)).toBe('1.0.1');
  });
});

describe('global error logging', () => {
  it('logs uncaught errors and unhandled rejections, and can be removed', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const target = new EventTarget() as unknown as Window;
    const stop = installGlobalErrorLogging(target);

    const boom = new Error('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: boom, message: 'boom' }));
    const reason = new Error('rejected');
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]).toContain(boom);
    expect(log.mock.calls[1]).toContain(reason);

    stop();
    target.dispatchEvent(Object.assign(new Event('error'), { error: boom }));
    expect(log).toHaveBeenCalledTimes(2);
  });
});
