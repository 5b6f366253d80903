import {
  createElement,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { loader } from './lazy-page';

/**
 * The app's one way to put a component in its own chunk, in three forms sharing one loader
 * (`lazyPage` and `lazyHydrated` are in ./lazy-page.ts, with the entry):
 *
 * - `lazyPage` (router pages, layouts, the toast host): React.lazy plus `preload()`. It suspends
 *   until the chunk is there, so a navigation (wrapped in startTransition by <BrowserRouter>)
 *   keeps the current page on screen meanwhile; once loaded (e.g. by preloadRoute before the
 *   first render) it renders at once, with no Suspense fallback at all.
 * - `lazyComponent` (a part of a page that may appear after the rest: a form and its validation
 *   libraries): shown as soon as it arrives, with a `fallback` of its height meanwhile and no
 *   Suspense: React 19 keeps a Suspense fallback on screen at least 300 ms, a visible delay when
 *   the chunk arrives quickly.
 * - `lazyHydrated` (a part of a prerendered page hydrated after the rest: the home page's content,
 *   the footer): its HTML stays as the build wrote it until its chunk arrives (./lazy-page.ts).
 *
 * The download starts at the first render (or earlier with `preload()`); once loaded, later
 * renders show it at once. A failed download goes to the nearest error boundary and is tried
 * again next time (network back). `lazyComponent` is not in the entry chunk
 * (build/bundle-budget.ts).
 */

type LazyProps<P> = P & {
  /** Shown while the chunk downloads: give it the component's height (no layout shift). */
  fallback: ReactNode;
};

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { preload, loaded } = loader(load);

  function LazyComponent({ fallback, ...props }: LazyProps<P>) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({
      component: loaded(),
    }));
    if (state.error !== undefined) throw state.error;
    const ready = state.component !== undefined;
    useEffect(() => {
      if (ready) return;
      let live = true;
      preload().then(
        // A transition: React renders the arrived part (a whole form) in slices of a few
        // milliseconds, so the page keeps answering meanwhile (no long task).
        (component) => live && startTransition(() => setState({ component })),
        (error: unknown) =>
          live && setState({ error: error ?? new Error('Chargement impossible') }),
      );
      return () => {
        live = false;
      };
    }, [ready]);
    // The component never changes once set: no remount.
    return state.component ? createElement(state.component, props as P) : fallback;
  }

  return Object.assign(LazyComponent, { preload });
}
