/**
 * Shared by the prerender tests (tests/unit/prerender*.test.ts): the repository's root, the shape
 * of Vite's built index.html, and one rendered page.
 */
import { fileURLToPath } from 'node:url';
import { type RenderedPage } from '../../../build/prerender-html';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The shape of Vite's built index.html. */
export const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <title>Booster Challenge – Concours</title>
    <meta
      name="description"
      content="Le site."
    />
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-B2.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export const FAQ: RenderedPage = {
  path: '/faq',
  html: '<link rel="preload" as="image" href="/art/a.svg"/><div><h1>Questions « fréquentes »</h1></div>',
  title: 'FAQ – Booster Challenge',
  description: 'Tout savoir & plus',
};
