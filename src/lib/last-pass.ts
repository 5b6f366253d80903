import { useSyncExternalStore } from 'react';

/**
 * The last pass opened on this phone: the header's "Mon pass" and /vote (the stage screen's QR
 * code) open it again (docs/decisions/046-the-pass-comes-first.md). The code is the pass's only
 * key, so it is kept in this browser alone, never sent anywhere, and forgotten as soon as the
 * pass it names is cancelled or unknown. A browser that refuses storage simply asks for it.
 */
const KEY = 'booster-last-pass';
const CHANGED = 'booster-last-pass-changed';

export function lastPass(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(change: () => void) {
  try {
    change();
  } catch {
    // Storage refused (private mode): the header offers "Retrouver mon pass", /vote asks.
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function rememberPass(code: string) {
  if (lastPass() !== code) write(() => localStorage.setItem(KEY, code));
}

/** Forgets `code` if it is the one kept (a cancelled or unknown pass opens nothing any more). */
export function forgetPass(code: string) {
  if (lastPass() === code) write(() => localStorage.removeItem(KEY));
}

function subscribe(onChange: () => void) {
  // This tab's changes, and another tab's (the storage event).
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The kept code, for rendering. Null in the prerendered HTML and while hydrating (a page is the
 * same for every visitor), then this phone's.
 */
export const useLastPass = () => useSyncExternalStore(subscribe, lastPass, () => null);
