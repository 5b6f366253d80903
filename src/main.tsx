import './lib/run-startup'; // first: fixes the URL before the router reads it
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The home page's stylesheet (only what its first load uses); other pages link the whole
// site's, and load it before any other page renders (build/prerender-vite.ts).
import 'virtual:home-styles.css';
import App from './app/App';
import { preloadRoute } from './app/routes';
import { reloadForNewChunks } from './lib/chunk-reload';

// A new deployment replaced the chunks this tab refers to: reload once (src/lib/chunk-reload.ts).
window.addEventListener('vite:preloadError', (event) => reloadForNewChunks(event));

/**
 * True when #root holds this very page as the build prerendered it (build/prerender.ts marks it
 * with data-route): same path, no query string and no navigation state, which the build could
 * not know. React then hydrates it. Anything else (the SPA shell of the administration, a page
 * opened with ?category=dance, a host that serves the home page for every path) is rendered anew.
 */
function prerenderedHere(root: HTMLElement): boolean {
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  const state = window.history.state as { usr?: unknown } | null;
  return root.dataset.route === path && window.location.search === '' && state?.usr == null;
}

// The current page's chunk is in before the first render: hydration sees the whole page at once,
// except the parts hydrated later (lazyHydrated: the home page's content, the footer), whose HTML
// stays on screen until React has their code; a page rendered anew waits for them too.
// In a transition, React works in slices of a few milliseconds and leaves the main thread free
// in between: the page, already on screen, answers a tap while it is hydrated.
/**
 * A prerendered page other than home is painted from the rules its HTML uses and links the whole
 * stylesheet at the end of <body> (build/prerender.ts, `inlineCriticalCss`): what React renders
 * after hydrating (a form, a message) needs the whole stylesheet, so React starts once it is in.
 */
function siteStylesheet(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('body > link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
    // A stylesheet that failed before this ran fires nothing more: React starts anyway.
    setTimeout(resolve, 5000);
  });
}

const root = document.getElementById('root') as HTMLElement;
const hydrating = prerenderedHere(root);
void Promise.all([
  preloadRoute(window.location.pathname, { parts: !hydrating }),
  siteStylesheet(),
]).then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
