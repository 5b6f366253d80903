import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPABASE_AUTH_STORAGE_KEY } from '@/data/shared/supabase';
import {
  clearStorageKeepingAdminSession,
  refreshAndGoHome,
  REFRESH_DELAY_MS,
} from '@/lib/storage-reset';

/** A minimal Web Storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
}

const filled = () =>
  memoryStorage({
    admin_session: '{"email":"a@b.cm","isAuthenticated":true}',
    [SUPABASE_AUTH_STORAGE_KEY]: '{"access_token":"t"}',
    app_version: '1.0.1',
    registration_draft: '{"fullName":"Awa"}',
    theme: 'dark',
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error page refresh: storage', () => {
  it('keeps only admin_session and the Supabase auth token in localStorage, empties sessionStorage', () => {
    const local = filled();
    const session = memoryStorage({ a: '1', b: '2' });
    clearStorageKeepingAdminSession(local, session);
    expect([...local.data.keys()].sort()).toEqual(
      ['admin_session', SUPABASE_AUTH_STORAGE_KEY].sort(),
    );
    expect(local.data.get('admin_session')).toContain('isAuthenticated');
    expect(session.data.size).toBe(0);
  });

  it('clears at once and goes home after exactly 1 second', () => {
    vi.useFakeTimers();
    const local = filled();
    const session = memoryStorage({ a: '1' });
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
    const goHome = vi.fn();

    refreshAndGoHome(goHome);
    expect(local.data.has('registration_draft')).toBe(false);
    expect(session.data.size).toBe(0);
    expect(REFRESH_DELAY_MS).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(goHome).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goHome).toHaveBeenCalledOnce();
  });

  it('can be cancelled before the redirect', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { localStorage: filled(), sessionStorage: memoryStorage() });
    const goHome = vi.fn();
    const cancel = refreshAndGoHome(goHome);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(goHome).not.toHaveBeenCalled();
  });
});
