import { ADMIN_SESSION_KEY } from './admin-session';
import { SUPABASE_AUTH_STORAGE_KEY } from '@/data/shared/supabase';

/** localStorage entries that survive the error page's refresh: the admin's sign-in. */
const KEPT_LOCAL_KEYS: readonly string[] = [ADMIN_SESSION_KEY, SUPABASE_AUTH_STORAGE_KEY];

/** Delay between clearing the storage and going back home. */
export const REFRESH_DELAY_MS = 1000;

type StorageLike = Pick<Storage, 'clear' | 'key' | 'length' | 'removeItem'>;

/**
 * Empties sessionStorage and localStorage except the admin session entries
 * (`admin_session` and the Supabase Auth token), so an administrator stays signed in.
 */
export function clearStorageKeepingAdminSession(
  local: StorageLike = window.localStorage,
  session: StorageLike = window.sessionStorage,
): void {
  session.clear();
  const keys: string[] = [];
  for (let i = 0; i < local.length; i += 1) {
    const key = local.key(i);
    if (key !== null && !KEPT_LOCAL_KEYS.includes(key)) keys.push(key);
  }
  for (const key of keys) local.removeItem(key);
}

/**
 * The error page's "Actualiser": clears the storage now, then calls `goHome` after 1 second.
 * Returns a function that cancels the pending redirect (used when the page unmounts).
 */
export function refreshAndGoHome(goHome: () => void, delayMs = REFRESH_DELAY_MS): () => void {
  clearStorageKeepingAdminSession();
  const timer = setTimeout(goHome, delayMs);
  return () => clearTimeout(timer);
}
