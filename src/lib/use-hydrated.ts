import { startTransition, useEffect, useState } from 'react';

/**
 * False while the page is prerendered and while React hydrates it, true from a render after:
 * what must not be in the prerendered HTML (a form, which a visitor could type into or submit
 * before its code is there) renders only once the page is live. The switch is a transition, so
 * React renders what it brings (a whole form) in slices and keeps the page responsive meanwhile
 * (Lighthouse's total blocking time). docs/decisions/011-prerendered-public-pages.md
 */
export function useHydrated(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => startTransition(() => setLive(true)), []);
  return live;
}
