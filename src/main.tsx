import './lib/run-startup'; // first: fixes the URL before the router reads it
import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// The home page's stylesheet (only what its first load uses); other pages link the whole
// site's, and load it before any other page renders (build/prerender-vite.ts).
import 'virtual:home-styles.css';
import { HomeIsland } from './app/HomeIsland';
import { reloadForNewChunks } from './lib/chunk-reload';
import { whenIdle } from './lib/when-idle';

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

/** The app, router included (./app/start.tsx). */
const loadApp = () => import('./app/start');

const root = document.getElementById('root') as HTMLElement;
const hydrating = prerenderedHere(root);

if (hydrating && root.dataset.route === '/') {
  // The home page hydrates without the router: its first load is React and the page's own code.
  // The app comes when the browser is idle, or when a link is followed
  // (docs/decisions/060-home-page-without-the-router.md).
  let island: Root | undefined;
  let leaving = false;
  const navigation = {
    pathname: '/',
    navigate(to: string) {
      if (leaving || !island) return;
      leaving = true;
      const reactRoot = island;
      loadApp()
        .then((app) => app.takeOver(reactRoot, to))
        // Without the app's code (offline, a new deployment): the browser goes there itself.
        .catch(() => window.location.assign(to));
    },
  };
  startTransition(() => {
    island = hydrateRoot(
      root,
      <StrictMode>
        <HomeIsland navigation={navigation} />
      </StrictMode>,
    );
  });
  whenIdle(() => void loadApp().catch(() => undefined));
} else {
  void loadApp().then((app) => app.startApp(root, hydrating));
}
