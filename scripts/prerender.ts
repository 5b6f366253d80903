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
 * (scripts/prerender-vite.ts, homeStyles); every other page, and the shell, links the whole site's.
 * The build fails if the home page's HTML uses a class only the whole stylesheet defines.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Beasties from 'beasties';

/** The file every path without a page of its own is served (the SPA fallback). */
export const SPA_SHELL = '200.html';

export type ManifestChunk = {
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
 * (scripts/prerender-vite.ts, homeStyles).
 */
export const SITE_STYLES = 'src/styles.css';
export const HOME_STYLES = 'src/home-styles.css';

export type RouteSource = {
  path: string;
  /** The page's module, relative to the project (src/features/…/XPage.tsx). */
  module: string;
  group: 'public' | 'standalone' | 'admin';
};

const ROUTE_GROUPS = {
  PUBLIC_ROUTES: 'public',
  STANDALONE_ROUTES: 'standalone',
  ADMIN_ROUTES: 'admin',
} as const;

/**
 * Every route of the manifest (src/app/routes.ts) with the module of its page, read from the
 * manifest's text: `path: '/faq', page: lazyPage(() => import('@/features/faq/FaqPage')…)`.
 * The router knows a page by its loader only; the build needs its module to find its chunk.
 */
export function routeSources(root: string): RouteSource[] {
  const text = readFileSync(join(root, 'src/app/routes.ts'), 'utf8');
  const sections = [...text.matchAll(/export const (\w+_ROUTES)\b/g)];
  const routes: RouteSource[] = [];
  sections.forEach((section, i) => {
    const group = ROUTE_GROUPS[section[1] as keyof typeof ROUTE_GROUPS];
    if (!group) return;
    const body = text.slice(section.index, sections[i + 1]?.index ?? text.length);
    const entries = body.matchAll(
      /path:\s*'([^']+)',\s*page:\s*lazyPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g,
    );
    for (const [, path, spec] of entries) {
      routes.push({ path, module: resolveModule(root, 'src/app/routes.ts', spec), group });
    }
  });
  if (routes.length === 0) throw new Error('No route found in src/app/routes.ts.');
  return routes;
}

function resolveModule(root: string, from: string, spec: string): string {
  const base = spec.startsWith('@/')
    ? join(root, 'src', spec.slice(2))
    : join(root, dirname(from), spec);
  for (const candidate of [`${base}.tsx`, `${base}.ts`, join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return relative(root, candidate);
  }
  throw new Error(`${from}: cannot find the module ${spec}`);
}

/**
 * Every module the route manifest loads on demand with lazyPage (the pages, the error page, the
 * administration's layout): the chunks that render a page.
 */
export function pageModules(root: string): string[] {
  const text = readFileSync(join(root, 'src/app/routes.ts'), 'utf8');
  return [...text.matchAll(/lazyPage\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g)].map(([, spec]) =>
    resolveModule(root, 'src/app/routes.ts', spec),
  );
}

/** The paths written as static HTML: the home page and every public route without a parameter. */
export function prerenderedPaths(routes: RouteSource[]): string[] {
  return [
    '/',
    ...routes.filter((r) => r.group === 'public' && !r.path.includes(':')).map((r) => r.path),
  ];
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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type PageAssets = {
  /** The stylesheet to link (the whole site's), if any. */
  stylesheet: string | null;
  /** A stylesheet to write into the page (the home page's). */
  inlineStyles?: string;
  /** Extra stylesheets (the page chunk's own CSS). */
  styles: string[];
  /** JavaScript files to fetch with the entry. */
  modules: string[];
  /**
   * The chunks the page imports when it mounts (its form: ContactForm, RegistrationForm,
   * ReservationForm, with what they import), asked for right after the first load rather than
   * once the page is hydrated: on a slow link they arrive without a gap.
   */
  later?: string[];
};

export type RenderedPage = {
  path: string;
  html: string;
  title: string;
  description: string;
};

/**
 * The script that starts a prerendered page, at the end of its <body>. Once the page's first
 * contentful paint is on screen (the browser's own paint entry; without paint timing, the frame
 * after the one the HTML gave; after 3 seconds at most: a tab opened in the background), it asks
 * for the entry (modulepreload: downloaded, not run) and the page's other modules, runs the entry,
 * then asks for the chunks the page imports when it mounts (its form), so that on a slow link they
 * follow without a gap. No script runs before the first paint. On a link the browser rates 3G or
 * slower (`navigator.connection.effectiveType`) the entry is asked for at once instead, as its
 * download is then what the visitor waits for.
 * Each of those elements is added in a task of its own: Chromium spends up to a few milliseconds
 * adding one modulepreload link (30 to 45 ms for a page's two dozen on this project's machine,
 * four times that on the phone Lighthouse simulates), and in one task that blocked the page.
 * docs/decisions/011-prerendered-public-pages.md (why the paint entry, and the measured trade-off)
 */
export function bootLoader(entry: string, modules: string[], later: string[] = []): string {
  const code =
    '(function(b){var d=document,n=0,e=0,c=navigator.connection,P=window.PerformanceObserver;' +
    "function link(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';" +
    'l.href=h;d.head.appendChild(l)}function entry(){if(!e++)link(b.dataset.entry)}' +
    "function script(){var s=d.createElement('script');s.type='module';s.crossOrigin='';" +
    's.src=b.dataset.entry;d.head.appendChild(s)}function each(list,add){' +
    'list.split(" ").forEach(function(h){if(h)setTimeout(function(){add(h)})})}' +
    'if(c&&/2g|3g/.test(c.effectiveType))entry();' +
    'function go(){if(n++)return;entry();each(b.dataset.modules,link);setTimeout(script);' +
    'each(b.dataset.later,link)}' +
    "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){" +
    "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}" +
    "}).observe({type:'paint',buffered:true});" +
    'else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,3000)' +
    '})(document.currentScript)';
  return `<script data-entry="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}" data-later="${escapeHtml(later.join(' '))}">${code}</script>`;
}

/**
 * A prerendered form marked `data-wait-for-code` (the Night Party's) can be filled from the first
 * paint, before its code has arrived; a submission asked for meanwhile would otherwise be the
 * browser's own (a reload of the page with the answers in its address, the visitor's input lost).
 * This guard, written before the page so that it is there before the form can be reached, holds
 * such a submission: it marks the form `data-pending` and shows its `[data-pending-note]`. The
 * form's code, once hydrated, marks it `data-live` (the guard then lets React's handler answer)
 * and sends the held submission, once (src/features/reservation/ReservationForm.tsx).
 * docs/decisions/026-form-ready-before-scripts.md
 */
export function formGuard(): string {
  const code =
    "document.addEventListener('submit',function(e){var f=e.target,n;" +
    "if(!f.hasAttribute('data-wait-for-code')||f.hasAttribute('data-live'))return;" +
    "e.preventDefault();f.setAttribute('data-pending','');" +
    "n=f.querySelector('[data-pending-note]');if(n)n.hidden=false},true)";
  return `<script>${code}</script>`;
}

/**
 * The built index.html (which links no stylesheet) with a page in it (null: the empty shell) and
 * its styles and scripts. A template that lacks what is replaced (title, description, root) is an
 * error, not a page silently left empty.
 */
export function pageHtml(template: string, page: RenderedPage | null, assets: PageAssets): string {
  const replaceOnce = (html: string, pattern: RegExp, by: string, what: string) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${what}`);
    return html.replace(pattern, () => by);
  };
  if (/<link rel="stylesheet"/.test(template))
    throw new Error(
      'index.html links a stylesheet: the pages choose theirs (scripts/prerender.ts).',
    );
  let html = template;
  // React puts what it hoists (<link rel="preload"> for the page's images) before the page when it
  // renders a part of a document: it belongs in <head>, where the browser finds it first.
  const hoisted = page ? (/^(?:<link [^>]*\/>)+/.exec(page.html)?.[0] ?? '') : '';
  if (page) {
    html = replaceOnce(
      html,
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(page.title)}</title>`,
      '<title>',
    );
    html = replaceOnce(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
      'meta description',
    );
    html = replaceOnce(
      html,
      /<div id="root"><\/div>/,
      `${page.html.includes(' data-wait-for-code=') ? formGuard() : ''}<div id="root" data-route="${escapeHtml(page.path)}">${page.html.slice(hoisted.length)}</div>`,
      'empty <div id="root">',
    );
  }
  // A prerendered page's scripts are asked for once it is painted (bootLoader): its entry and
  // modulepreloads leave <head>.
  const entries: string[] = [];
  const preloads: string[] = [];
  if (page) {
    html = html
      .replace(
        /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g,
        (_, src: string) => {
          entries.push(src);
          return '';
        },
      )
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
        preloads.push(href);
        return '';
      });
    if (entries.length !== 1) throw new Error('index.html has not exactly one module script');
  }
  const head = [
    ...(hoisted ? [hoisted.replace(/\/>(?=<)/g, '/>\n    ')] : []),
    ...(assets.inlineStyles !== undefined ? [`<style>${assets.inlineStyles.trim()}</style>`] : []),
    ...(assets.stylesheet
      ? [`<link rel="stylesheet" crossorigin href="/${assets.stylesheet}">`]
      : []),
    ...assets.styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...(page
      ? []
      : assets.modules.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)),
  ];
  if (page)
    html = replaceOnce(
      html,
      /<\/body>/,
      `  ${bootLoader(
        entries[0],
        [...preloads, ...assets.modules.map((f) => `/${f}`)],
        (assets.later ?? []).map((f) => `/${f}`),
      )}\n  </body>`,
      '</body>',
    );
  return replaceOnce(html, /<\/head>/, `  ${head.join('\n    ')}\n  </head>`, '</head>');
}

/**
 * A page other than home, with the rules of its stylesheets that its HTML uses written into its
 * <head> (Beasties), and the stylesheets themselves moved to the end of <body>: the browser paints
 * the page from the HTML alone, without waiting for the whole site's stylesheet, and the module
 * scripts (which wait for a pending stylesheet before they run) hydrate it only once the whole
 * stylesheet is there, so whatever the page renders next is styled.
 * docs/decisions/011-prerendered-public-pages.md
 */
export async function inlineCriticalCss(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    compress: true,
    fonts: false,
    // Beasties strips a selector's pseudo-classes before matching it against the page, and
    // `:where(…)` goes whole: Tailwind's space-y-* and divide-y rules (`:where(.space-y-4 > …)`)
    // would never be kept. There are few of them: all are.
    allowRules: [/:where\(/],
    logLevel: 'warn',
  });
  const result = await beasties.process(html);
  if (!/<style>[\s\S]{200,}?<\/style>/.test(result))
    throw new Error('Beasties wrote no critical CSS into the page.');
  return result;
}

/** Class names a stylesheet defines (its selectors' `.name`, unescaped). */
export function definedClasses(css: string): Set<string> {
  const names = new Set<string>();
  for (const [, raw] of css.matchAll(/\.(-?[_a-zA-Z\\](?:[\w-]|\\.)*)/g)) {
    names.add(raw.replace(/\\(.)/g, '$1'));
  }
  return names;
}

/** Classes of the HTML that the whole stylesheet defines and the home page's does not. */
export function classesMissingFrom(html: string, homeCss: string, siteCss: string): string[] {
  const home = definedClasses(homeCss);
  const site = definedClasses(siteCss);
  const used = new Set(
    [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, list]) =>
      list.split(/\s+/).filter(Boolean),
    ),
  );
  return [...used].filter((name) => site.has(name) && !home.has(name)).sort();
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
      const keys = [...staticClosure(manifest, source)].filter((k) => !entryKeys.has(k));
      assets.stylesheet = siteStylesheet;
      assets.modules = keys.map((k) => manifest[k].file);
      const loaded = new Set([...entryKeys, ...keys]);
      const later = (manifest[source].dynamicImports ?? []).flatMap((k) => [
        ...staticClosure(manifest, k),
      ]);
      assets.later = [...new Set(later.filter((k) => !loaded.has(k)))].map((k) => manifest[k].file);
      assets.styles = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
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
            '(lazyHydrated; scripts/prerender-vite.ts).',
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
    modules: [],
  });
  writeFileSync(join(outDir, SPA_SHELL), shell);
  log(`SPA shell -> ${relative(root, join(outDir, SPA_SHELL))}`);
}
