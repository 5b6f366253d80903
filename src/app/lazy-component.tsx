import { lazy, type ComponentType } from 'react';

type Module = { default: ComponentType };
export type LazyComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * The app's one lazy-load helper (pages, layouts, the toast host): React.lazy plus `preload()`.
 * Once the chunk has arrived the component renders synchronously, so a page preloaded before
 * the first render never shows an empty Suspense fallback (which would push the footer down: a
 * layout shift). A failed load is forgotten, so a later attempt may succeed (network back).
 */
export function lazyComponent(load: () => Promise<Module>): LazyComponent {
  let Loaded: ComponentType | undefined;
  let pending: Promise<Module> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Component = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Component, { preload });
}
