import {
  createElement,
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

type LazyProps<P> = P & {
  /** Shown while the chunk downloads: give it the component's height (no layout shift). */
  fallback: ReactNode;
};

/**
 * A component in its own chunk, shown as soon as it arrives, for a part of a page that may appear
 * after the rest (a form and its validation libraries). Unlike React.lazy + <Suspense>, no
 * Suspense fallback is involved: React 19 keeps a fallback on screen at least 300 ms before
 * revealing the content, a visible delay when the chunk arrives quickly.
 *
 * The download starts when the returned component first mounts (or earlier with `preload()`);
 * once loaded, later mounts render it at once. A failed download is thrown to the nearest error
 * boundary, and tried again on the next mount.
 *
 * `Suspending` is the same component for the router's pages: it suspends (React.lazy) until the
 * chunk is there, so a navigation (wrapped in startTransition by <BrowserRouter>) keeps the
 * current page on screen meanwhile; once loaded (e.g. by preloadRoute before the first render)
 * it renders at once, with no Suspense fallback at all.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  function LazyComponent({ fallback, ...props }: LazyProps<P>) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({
      component: loaded,
    }));
    if (state.error !== undefined) throw state.error;
    const ready = state.component !== undefined;
    useEffect(() => {
      if (ready) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
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

  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Suspending(props: P) {
    return createElement(loaded ?? Lazy, props);
  }

  return Object.assign(LazyComponent, { preload, Suspending });
}

export type LazyComponent = ReturnType<typeof lazyComponent<object>>;
