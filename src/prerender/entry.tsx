/**
 * The prerender build's entry (build/prerender-vite.ts, then build/prerender.ts): renders a
 * public page to HTML at build time, as src/main.tsx renders it in the browser, so the browser
 * hydrates it. See docs/decisions/011-prerendered-public-pages.md.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import App from '@/app/App';
import { preloadRoute } from '@/app/routes';
import { PageMetaCollector, type PageMeta } from '@/lib/use-page-meta';
import { setPrerenderLocation } from './react-router';

/**
 * The page at `path`: its HTML (what goes inside #root) and the title and description it sets
 * with usePageMeta. prerender() waits for every Suspense boundary, so the page's own chunk and the
 * parts hydrated later in the browser (lazyHydrated) are in the HTML; they are preloaded first.
 * @public build/prerender.ts imports it by name from the prerender build's output, not from here.
 */
export async function renderPage(path: string): Promise<{ html: string } & PageMeta> {
  await preloadRoute(path, { parts: true });
  setPrerenderLocation(path);
  let meta: PageMeta | undefined;
  // An error, even one a Suspense boundary would leave to the browser, fails the build: the page
  // would ship without its content.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollector value={(m) => (meta = m)}>
        <App />
      </PageMetaCollector>
    </StrictMode>,
    // One piece of HTML: no boundary is outlined into a later chunk with a script to move it.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length)
    throw new Error(`${path} cannot be prerendered: ${errors.map(String).join('; ')}`, {
      cause: errors[0],
    });
  if (!meta) throw new Error(`${path}: the page did not call usePageMeta.`);
  return { html, ...(meta as PageMeta) };
}
