import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { htmlAssets } from '../../build/bundle-sources';
import { homeStylesheet, laterParts, staticSources } from '../../build/prerender-vite';
import { reactRouterTreeShaking } from '../../build/react-router-tree-shaking';

/**
 * The build's side of the parts hydrated later (docs/decisions/011-prerendered-public-pages.md,
 * rule 10): which modules they are, the home page's stylesheet that must style their HTML, what
 * the budget counts from a page's HTML; and the react-router code the home page no longer carries.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const HOME_CONTENT = 'src/features/home/HomeContent.tsx';
const FOOTER = 'src/app/layouts/PublicFooter.tsx';

describe('the parts hydrated later', () => {
  it('are the home page’s content and the public footer, not static imports of the entry', () => {
    expect(laterParts(root, 'src/main.tsx')).toEqual(
      expect.arrayContaining([HOME_CONTENT, FOOTER]),
    );
    expect(laterParts(root, 'src/app/layouts/PublicLayout.tsx')).toContain(FOOTER);
    const firstLoad = staticSources(root, 'src/main.tsx');
    expect(firstLoad).toContain('src/features/home/HomePage.tsx');
    expect(firstLoad).not.toContain(HOME_CONTENT);
    expect(firstLoad).not.toContain(FOOTER);
    expect(firstLoad).not.toContain('src/components/contact/ContactLinks.tsx');
    expect(firstLoad).not.toContain('src/lib/toast.ts');
    expect(firstLoad).not.toContain('src/lib/lazy-component.ts');
  });

  it('are styled by the home page’s stylesheet, since its HTML shows them', () => {
    const withParts = staticSources(root, 'src/main.tsx', { parts: true });
    expect(withParts).toContain(HOME_CONTENT);
    expect(withParts).toContain('src/features/home/home-status.tsx');
    expect(withParts).toContain('src/components/contact/ContactLinks.tsx');
    const css = homeStylesheet(root);
    expect(css).toContain('@source "./features/home/HomeContent.tsx";');
    expect(css).toContain('@source "./app/layouts/PublicFooter.tsx";');
  });
});

describe('the budget reads what a page’s HTML fetches', () => {
  it('counts the module script, every modulepreload and stylesheet, and the styles in the page', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin fetchpriority="low" src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/runtime-B2.js">
      <link rel="preload" as="image" href="/art/hero.svg"/>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" crossorigin href="/assets/styles-C3.css">
      <link crossorigin href="/assets/Page-D4.js" rel="modulepreload">
      <style>.a{color:red}</style>
    </head><body><div id="root"><link rel="modulepreload" href="/assets/late-E5.js"></div></body></html>`;
    expect(htmlAssets(html)).toEqual({
      js: ['assets/index-A1.js', 'assets/runtime-B2.js', 'assets/Page-D4.js'],
      css: ['assets/styles-C3.css'],
      inlineCss: ['.a{color:red}'],
      inlineJs: [],
    });
  });

  it('counts the loader’s entry and modules, and the stylesheet moved to the end of <body>', () => {
    const html = `<!doctype html><html><head>
      <style>.critical{color:red}</style>
    </head><body><div id="root"><div><link rel="modulepreload" href="/assets/late-E5.js"></div></div>
    <script data-entry="/assets/index-A1.js" data-modules="/assets/runtime-B2.js /assets/Page-D4.js" data-later="/assets/Form-F6.js">(0)</script>
    <link rel="stylesheet" crossorigin href="/assets/styles-C3.css"></body></html>`;
    expect(htmlAssets(html)).toEqual({
      js: ['assets/index-A1.js', 'assets/runtime-B2.js', 'assets/Page-D4.js'],
      css: ['assets/styles-C3.css'],
      inlineCss: ['.critical{color:red}'],
      inlineJs: ['(0)'],
    });
  });

  it('hands the budget every script written into the page, not one with a src or empty', () => {
    const html = `<!doctype html><html><head><script type="module" src="/assets/index-A1.js"></script>
      <script type="application/ld+json">{"@type":"Event"}</script><script> </script>
    </head><body><div id="root"></div><script data-entry="/assets/index-A1.js">go()</script></body></html>`;
    expect(htmlAssets(html).inlineJs).toEqual(['{"@type":"Event"}', 'go()']);
  });
});

describe('react-router in the build', () => {
  it('drops what the site never runs, and every change still finds its code', () => {
    const plugin = reactRouterTreeShaking() as Plugin & {
      transform: (code: string, id: string) => { code: string } | null;
    };
    const dist = join(root, 'node_modules/react-router/dist/development');
    const chunks = readdirSync(dist).filter((f) => /^chunk-[\w-]+\.mjs$/.test(f));
    const out = chunks
      .map((f) => {
        const id = join(dist, f);
        return plugin.transform(readFileSync(id, 'utf8'), id)?.code ?? '';
      })
      .join('\n');
    expect(out).toContain('const ENABLE_DEV_WARNINGS = false;');
    expect(out).toMatch(/^ {4}return link;$/m);
    expect(out).not.toContain('createElement(PrefetchPageLinks, { page: href })');
    expect(out).not.toContain('createElement(RSCErrorHandler, { error }, result)');
    // No data router: its state is never read, its error boundary never rendered (ADR 056).
    expect(out).toContain('const dataRouterState = undefined;');
    expect(out).not.toContain('let dataRouterState = dataRouterOpts?.state;');
    expect(out).not.toContain('RenderErrorBoundary.contextType');
    expect(out).not.toMatch(/return dataRouterState && \(match\.route\.ErrorBoundary/);
    expect(out).not.toMatch(/= usePrefetchBehavior\(/);
    expect(out).not.toMatch(/&& viewTransition === true;$/m);
    expect(out).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(out).not.toMatch(/^Link\.displayName = "Link";$/m);
  });
});
