import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import App from './App';
import { preloadRoute } from './routes';

/*
 * The app, router included: started by src/main.tsx on every page but the prerendered home page,
 * and there when a link is followed (takeOver), docs/decisions/060-home-page-without-the-router.md.
 */

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

/**
 * The current page's chunk is in before the first render: hydration sees the whole page at once,
 * except the parts hydrated later (lazyHydrated: the footer, the pass links), whose HTML stays on
 * screen until React has their code; a page rendered anew waits for them too. In a transition,
 * React works in slices of a few milliseconds and leaves the main thread free in between: the
 * page, already on screen, answers a tap while it is hydrated.
 */
export function startApp(root: HTMLElement, hydrating: boolean) {
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
}

/**
 * A link followed on the home page before the app was there (src/main.tsx): the app renders the
 * link's page in the home page's root, as a navigation (the focus moves to the new page's title,
 * the back button comes back home), once that page's chunks are in.
 */
export async function takeOver(root: Root, to: string) {
  const from = window.location.pathname;
  await preloadRoute(new URL(to, window.location.href).pathname, { parts: true });
  // The page's own link (« Accueil » on the home page) replaces its entry, as a router's Link does.
  const here = window.location.pathname + window.location.search;
  window.history[to === here ? 'replaceState' : 'pushState'](null, '', to);
  root.render(
    <StrictMode>
      <App arrivedFrom={from} />
    </StrictMode>,
  );
}
