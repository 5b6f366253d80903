import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_KEY,
  ADMIN_SESSION_TTL_MS,
  clearAdminSession,
  readAdminSession,
  saveAdminSession,
} from '@/lib/admin-session';

// Node has no localStorage: a tiny in-memory one.
class MemoryStorage {
  private m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, String(v));
  removeItem = (k: string) => void this.m.delete(k);
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

const NOW = 1_750_000_000_000;

describe('admin_session', () => {
  it('stores email, isAuthenticated and timestamp under admin_session', () => {
    saveAdminSession('chef@example.cm', NOW);
    expect(JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY) ?? '')).toEqual({
      email: 'chef@example.cm',
      isAuthenticated: true,
      timestamp: NOW,
    });
    expect(readAdminSession(NOW + 1000)?.email).toBe('chef@example.cm');
  });

  it('is valid just under 24 hours and removed at 24 hours', () => {
    saveAdminSession('chef@example.cm', NOW);
    expect(ADMIN_SESSION_TTL_MS).toBe(86_400_000);
    expect(readAdminSession(NOW + ADMIN_SESSION_TTL_MS - 1)).not.toBeNull();
    expect(readAdminSession(NOW + ADMIN_SESSION_TTL_MS)).toBeNull();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('refuses and removes an entry that is not flagged, malformed or from the future', () => {
    for (const raw of [
      JSON.stringify({ email: 'a@b.cm', isAuthenticated: false, timestamp: NOW }),
      JSON.stringify({ email: 'a@b.cm', isAuthenticated: true }),
      JSON.stringify({ email: 'a@b.cm', isAuthenticated: true, timestamp: NOW + 60_000 }),
      '{not json',
    ]) {
      localStorage.setItem(ADMIN_SESSION_KEY, raw);
      expect(readAdminSession(NOW)).toBeNull();
      expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    }
  });

  it('is cleared on logout', () => {
    saveAdminSession('chef@example.cm', NOW);
    clearAdminSession();
    expect(readAdminSession(NOW)).toBeNull();
  });
});
