/**
 * 'react-router' as the prerender build sees it (build/prerender-vite.ts resolves the app's
 * imports of 'react-router' here, in that build only): the same module, except <BrowserRouter>,
 * which renders a <StaticRouter> at the page being prerendered. The prerender thus renders the
 * app's own tree, <App /> included, node for node what src/main.tsx hydrates: useId and the
 * Suspense boundaries match.
 */
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';

export * from 'react-router';

let location = '/';

/** The path the next render is for (renderPage in ./entry.tsx; one render at a time). */
export function setPrerenderLocation(path: string) {
  location = path;
}

/** @public The app imports it from 'react-router', which the prerender build resolves here. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  return <StaticRouter location={location}>{children}</StaticRouter>;
}
