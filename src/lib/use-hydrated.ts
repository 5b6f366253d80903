import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is prerendered and while React hydrates it, true from the render after:
 * what must not be in the prerendered HTML (a form, which a visitor could type into or submit
 * before its code is there) renders only once the page is live.
 * docs/decisions/011-prerendered-public-pages.md
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
