/**
 * The public pages as static HTML (docs/decisions/011-prerendered-public-pages.md): after the
 * client build and the prerender build (src/prerender/entry.tsx), `vite build` calls
 * prerenderSite(), which writes, from the built dist/index.html:
 *
 * - dist/index.html (/) and dist/<route>/index.html for every public route without a parameter:
 *   the page rendered by React inside #root (marked data-route, so src/main.tsx hydrates it), its
 *   title and description, and <link rel="modulepreload"> for its page chunk, so that downloads
 *   with the entry instead of after it;
 * - dist/200.html, the empty shell every other path is served (the administration, /pass/…, an
 *   unknown path): the host's SPA fallback must name it (README, "Going to production").
 *
 * The home page holds its own stylesheet, only what its first load's modules use
 * (build/prerender-vite.ts, homeStyles); every other page, and the shell, links the whole site's.
 * The build fails if the home page's HTML uses a class only the whole stylesheet defines.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { classesMissingFrom, inlineCriticalCss } from './critical-css.ts';
import { pageHtml, type PageAssets, type RenderedPage } from './prerender-html.ts';
import {
  ADMIN_LAYOUT,
  ERROR_PAGE,
  ROUTES,
  type Route,
  type RouteLayout,
} from '../src/config/route-manifest.ts';

/** The file every path without a page of its own is served (the SPA fallback). */
export const SPA_SHELL = '200.html';

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest keys of the two stylesheets, both inputs of the client build of their own (no
 * chunk carries them, so no chunk loads them by accident): the whole site's, and the home page's
 * (build/prerender-vite.ts, homeStyles).
 */
export const SITE_STYLES = 'src/styles.css';
export const HOME_STYLES = 'src/home-styles.css';

/**
 * The reservation sent before the app, an input of the client build of its own: the first script
 * of a page holding the reservation form (docs/decisions/051-the-reservation-before-the-app.md).
 */
export const EARLY_RESERVE = 'src/features/reservation/early-reserve.ts';

/**
 * The app, router included, which src/main.tsx imports on demand: every page but the home page
 * needs it at once, and its HTML preloads it (docs/decisions/060-home-page-without-the-router.md).
 */
export const APP_START = 'src/app/start.tsx';

export type RouteSource = {
  path: string;
  /** The page's module, relative to the project (src/features/…/XPage.tsx). */
  module: string;
  group: RouteLayout;
  /** The page is in the entry chunk (the home page), not a chunk of its own. */
  entry: boolean;
  prerender: boolean;
  budget: boolean;
};

const MANIFEST = 'src/config/route-manifest.ts';

/** A module of the manifest, checked to exist: a misspelt one fails the build, not a visit. */
function existing(root: string, module: string): string {
  if (!existsSync(join(root, module))) throw new Error(`${MANIFEST}: ${module} does not exist.`);
  return module;
}

/**
 * Every route of the manifest (src/config/route-manifest.ts, imported) with the module of its
 * page: the router knows a page by its loader only; the build needs its module to find its chunk.
 */
export function routeSources(root: string): RouteSource[] {
  return Object.values<Route>(ROUTES).map((r) => ({
    path: r.path,
    module: existing(root, r.page),
    group: r.layout,
    entry: r.entry ?? false,
    prerender: r.prerender ?? false,
    budget: r.budget ?? false,
  }));
}

/**
 * Every module the router loads on demand (src/app/routes.ts: the pages, the error page, the
 * administration's layout): the chunks that render a page.
 */
export function pageModules(root: string): string[] {
  return [
    ...routeSources(root)
      .filter((r) => !r.entry)
      .map((r) => r.module),
    existing(root, ERROR_PAGE),
    existing(root, ADMIN_LAYOUT),
  ];
}

/** The paths written as static HTML (the home page and the public pages without a parameter). */
export function prerenderedPaths(routes: RouteSource[]): string[] {
  return routes.filter((r) => r.prerender).map((r) => r.path);
}

/** dist/index.html for `/`, dist/faq/index.html for `/faq`. */
export const htmlFileOf = (path: string) =>
  path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;

/** Keys of the chunk and of everything it statically imports. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function entryKey(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  throw new Error('index.html is not an entry of the build manifest.');
}
type PrerenderEntry = {
  renderPage: (path: string) => Promise<{ html: string; title: string; description: string }>;
};

/** Writes the pages and the shell into `outDir` (the client build), rendering with `ssrEntry`. */
export async function prerenderSite({
  root,
  outDir,
  ssrEntry,
  log = console.log,
}: {
  root: string;
  outDir: string;
  ssrEntry: string;
  log?: (line: string) => void;
}): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = entryKey(manifest);
  const homeStylesheet = manifest[HOME_STYLES]?.file;
  const siteStylesheet = manifest[SITE_STYLES]?.file;
  if (!homeStylesheet || !siteStylesheet)
    throw new Error('The build has no home page stylesheet or no site stylesheet.');
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  const entryKeys = staticClosure(manifest, entry);
  const appKeys = [...staticClosure(manifest, APP_START)].filter((k) => !entryKeys.has(k));
  const routes = routeSources(root);
  const { renderPage } = (await import(ssrEntry)) as PrerenderEntry;

  for (const path of prerenderedPaths(routes)) {
    const rendered = await renderPage(path);
    const page: RenderedPage = { path, ...rendered };
    const assets: PageAssets = { stylesheet: null, styles: [], modules: [] };
    if (path !== '/') {
      const source = routes.find((r) => r.path === path)?.module;
      if (!source || !manifest[source]) throw new Error(`No chunk for the page of ${path}`);
      // The page's chunk and what it imports, less what the entry already brings (its CSS too).
      const keys = [
        ...new Set(
          [...appKeys, ...staticClosure(manifest, source)].filter((k) => !entryKeys.has(k)),
        ),
      ];
      assets.stylesheet = siteStylesheet;
      assets.modules = keys.map((k) => manifest[k].file);
      const loaded = new Set([...entryKeys, ...keys]);
      const later = (manifest[source].dynamicImports ?? []).flatMap((k) => [
        ...staticClosure(manifest, k),
      ]);
      assets.later = [...new Set(later.filter((k) => !loaded.has(k)))].map((k) => manifest[k].file);
      assets.styles = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
      if (rendered.html.includes(' data-reserve=""'))
        assets.early = [...staticClosure(manifest, EARLY_RESERVE)].map((k) => manifest[k].file);
    } else {
      // Its own stylesheet is small: written into the page, it costs no round trip.
      assets.inlineStyles = readFileSync(join(outDir, homeStylesheet), 'utf8');
      const missing = classesMissingFrom(
        rendered.html,
        assets.inlineStyles,
        readFileSync(join(outDir, siteStylesheet), 'utf8'),
      );
      if (missing.length)
        throw new Error(
          `The home page uses classes its stylesheet lacks (${missing.join(', ')}): a module it ` +
            'renders is neither a static import of src/main.tsx nor a part it hydrates later ' +
            '(lazyHydrated; build/prerender-vite.ts).',
        );
    }
    let html = pageHtml(template, page, assets);
    if (path !== '/') html = await inlineCriticalCss(html, outDir);
    const file = join(outDir, htmlFileOf(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    log(`prerendered ${path} -> ${relative(root, file)}`);
  }
  const shell = pageHtml(template, null, {
    stylesheet: siteStylesheet,
    styles: [],
    modules: appKeys.map((k) => manifest[k].file),
  });
  writeFileSync(join(outDir, SPA_SHELL), shell);
  log(`SPA shell -> ${relative(root, join(outDir, SPA_SHELL))}`);
}
