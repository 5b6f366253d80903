import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';

/*
 * The chunk loaders the entry needs (the route manifest's pages, the toast host, the parts
 * hydrated later); `lazyComponent`, for a part of a page, is in ./lazy-component.ts, which also
 * tells how the three forms differ. Apart, so that the home page's first load does not carry
 * `lazyComponent` (build/bundle-budget.ts).
 */

/** A chunk's loader: one download at a time, the component kept once loaded. */
export function loader<P extends object>(load: () => Promise<ComponentType<P>>) {
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
  return { preload, loaded: () => loaded };
}

/**
 * React.lazy plus `preload()`; once loaded, rendered at once (no Suspense fallback).
 *
 * Each mounted page keeps the element type it started with. A page reached by a navigation
 * before its chunk arrived starts as React.lazy's element, and React may resume that render at
 * the lazy element itself once the chunk is in; were a later render of this wrapper to give the
 * loaded component instead, a new type, React would mount the page anew: the contact form came
 * back empty after the visit's first toast, without its confirmation, the focus on <body>
 * (about one message in ten in the end-to-end keyboard journeys).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { preload, loaded } = loader(load);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const [type] = useState(() => loaded() ?? Lazy);
    return createElement(type, props);
  }
  return Object.assign(Page, { preload });
}

export type LazyPage = ReturnType<typeof lazyPage<object>>;

/**
 * A part of a prerendered page whose code is not in the page's first load: progressive hydration
 * (docs/decisions/011-prerendered-public-pages.md, rule 10). The prerender renders it whole
 * (`prerender()` waits for it), so the HTML holds its markup. In the browser, `hydrateRoot` finds
 * its Suspense boundary before its chunk is there and leaves that HTML as it is (painted, its
 * links plain links) while React downloads the chunk; then React hydrates this part alone.
 *
 * It takes no props and its element is made once, here: a render of the page around it never
 * reaches it, since an update of a boundary still waiting for its code would make React drop the
 * HTML and render it anew, empty until the code arrives (tests/component/lazy-hydrated.test.tsx).
 * When the page is rendered anew instead of hydrated, `preload()` it before the first render
 * (src/app/routes.ts, chunksFor), or its place stays empty meanwhile.
 */
export function lazyHydrated(load: () => Promise<ComponentType>) {
  const Part = lazyPage(load);
  const element = createElement(Suspense, { fallback: null }, createElement(Part));
  const Hydrated = () => element;
  return Object.assign(Hydrated, { preload: Part.preload });
}

export type LazyHydrated = ReturnType<typeof lazyHydrated>;
