/**
 * The `admin_session` entry in localStorage: who signed in to the administration area and when.
 * It is valid while stored, flagged authenticated and under 24 hours old; an older or malformed
 * entry is removed when read. The server applies the same 24-hour rule to the Supabase sign-in
 * (private.is_admin()), so this entry only decides what the browser shows.
 */
export const ADMIN_SESSION_KEY = 'admin_session';
export const ADMIN_SESSION_TTL_MS = 86_400_000;

export type AdminSession = { email: string; isAuthenticated: true; timestamp: number };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveAdminSession(email: string, now: number = Date.now()): AdminSession {
  const session: AdminSession = { email, isAuthenticated: true, timestamp: now };
  storage()?.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
  return session;
}

export function clearAdminSession(): void {
  storage()?.removeItem(ADMIN_SESSION_KEY);
}

function parse(raw: string): AdminSession | null {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { email, isAuthenticated, timestamp } = v as Record<string, unknown>;
    if (typeof email !== 'string' || isAuthenticated !== true) return null;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
    return { email, isAuthenticated, timestamp };
  } catch {
    return null;
  }
}

/** The stored session if it is valid at `now`; otherwise null, and a stale entry is removed. */
export function readAdminSession(now: number = Date.now()): AdminSession | null {
  const raw = storage()?.getItem(ADMIN_SESSION_KEY);
  if (raw === null || raw === undefined) return null;
  const session = parse(raw);
  const age = session ? now - session.timestamp : Infinity;
  if (!session || age < 0 || age >= ADMIN_SESSION_TTL_MS) {
    clearAdminSession();
    return null;
  }
  return session;
}
