/**
 * The build's Vite plugins for docs/decisions/011-prerendered-public-pages.md:
 *
 * - prerenderedPages(): `vite build` builds the client, then the prerender entry
 *   (src/prerender/entry.tsx) for Node, then writes the pages (build/prerender.ts); `vite
 *   preview` serves them as a static host would (dist/faq/index.html for /faq, the SPA shell for
 *   any other path).
 * - homeStyles(): the home page's stylesheet holds only the utilities of the modules its HTML shows
 *   (the static imports of src/main.tsx and the parts hydrated later); the whole site's stylesheet (src/styles.css,
 *   every utility) is a separate file, linked by every other page and loaded before any page chunk
 *   the entry imports, so a visitor who starts on `/` has it before the next page renders.
 * react-router's own shrinking is build/react-router-tree-shaking.ts.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  APP_START,
  HOME_STYLES as HOME_STYLES_FILE,
  EARLY_RESERVE,
  pageModules,
  prerenderSite,
  SPA_SHELL,
} from './prerender.ts';

const PRERENDER_ENTRY = 'src/prerender/entry.tsx';
const ROUTER_SHIM = 'src/prerender/react-router.tsx';

export function prerenderedPages(root: string): Plugin {
  const ssrOutDir = join(root, 'node_modules', '.cache', 'booster-prerender', String(process.pid));
  const shim = resolve(root, ROUTER_SHIM);
  return {
    name: 'booster-prerendered-pages',
    config: () => ({
      // With `builder`, `vite build` runs buildApp below (the client, then the prerender).
      builder: {},
      environments: {
        ssr: {
          build: {
            ssr: PRERENDER_ENTRY,
            outDir: ssrOutDir,
            emptyOutDir: true,
            copyPublicDir: false,
            manifest: false,
            minify: false,
            reportCompressedSize: false,
          },
        },
      },
    }),
    // In the prerender build only: the app's <BrowserRouter> becomes a <StaticRouter>.
    resolveId: {
      order: 'pre',
      handler(source, importer) {
        if (this.environment.name !== 'ssr' || source !== 'react-router') return null;
        return importer && resolve(importer) === shim ? null : shim;
      },
    },
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      await builder.build(client);
      const outDir = resolve(root, client.config.build.outDir);
      try {
        await builder.build(ssr);
        await prerenderSite({
          root,
          outDir,
          ssrEntry: pathToFileURL(join(ssrOutDir, 'entry.js')).href,
          log: (line) => client.logger.info(line),
        });
      } finally {
        rmSync(ssrOutDir, { recursive: true, force: true });
      }
    },
    configurePreviewServer(server) {
      const outDir = resolve(root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html'))
          return next();
        const [pathname, query = ''] = (req.url ?? '/').split(/\?(.*)/s, 2);
        let path: string;
        try {
          path = normalize(decodeURIComponent(pathname));
        } catch {
          return next();
        }
        const dir = join(outDir, path);
        if (!dir.startsWith(outDir) || /\.[^/]+$/.test(path)) return next();
        const search = query ? `?${query}` : '';
        // /faq is served dist/faq/index.html (the page then adds the slash to its address).
        if (existsSync(join(dir, 'index.html'))) {
          if (!path.endsWith('/')) req.url = `${path}/index.html${search}`;
        } else if (existsSync(join(outDir, SPA_SHELL))) {
          req.url = `/${SPA_SHELL}${search}`;
        }
        next();
      });
    },
  };
}

// ---- the home page's stylesheet ----

/** What src/main.tsx imports; in the build, the module at HOME_STYLES_FILE (no file on disk). */
const HOME_STYLES = 'virtual:home-styles.css';
const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

/**
 * A part a page hydrates after the rest (src/lib/lazy-component.ts, lazyHydrated): its markup is in
 * the page's HTML, its code is not in the page's first load.
 */
const LATER_PART = /lazyHydrated\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpec(root: string, from: string, spec: string): string | undefined {
  if (!spec.startsWith('.') && !spec.startsWith('@/')) return undefined;
  const base = spec.startsWith('@/')
    ? join(root, 'src', spec.slice(2))
    : resolve(dirname(join(root, from)), spec);
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .find((f) => existsSync(f));
  return file && relative(root, file);
}

/**
 * Source files (relative to the project) reachable from `start` through static imports; with
 * `parts`, through the parts hydrated later (LATER_PART) as well: what the page's HTML shows.
 */
export function staticSources(
  root: string,
  start: string,
  { parts = false } = {},
  seen = new Set<string>(),
) {
  if (seen.has(start) || !/\.(ts|tsx)$/.test(start)) return seen;
  seen.add(start);
  const text = readFileSync(join(root, start), 'utf8');
  const specs = [...text.matchAll(STATIC_IMPORT), ...(parts ? text.matchAll(LATER_PART) : [])];
  for (const [, spec] of specs) {
    const file = resolveSpec(root, start, spec);
    if (file) staticSources(root, file, { parts }, seen);
  }
  return seen;
}

/** The modules given to lazyHydrated among the sources reachable from `start` (see staticSources). */
export function laterParts(root: string, start: string): string[] {
  const parts = new Set<string>();
  for (const source of staticSources(root, start, { parts: true })) {
    const text = readFileSync(join(root, source), 'utf8');
    for (const [, spec] of text.matchAll(LATER_PART)) {
      const file = resolveSpec(root, source, spec);
      if (file) parts.add(file);
    }
  }
  return [...parts].sort();
}

/**
 * src/styles.css with its utilities limited to the modules `entry` statically imports and the
 * parts it hydrates later (their markup is in the home page's HTML): Tailwind then scans those
 * files only (`source(none)` and one `@source` per file).
 */
export function homeStylesheet(root: string, entry = 'src/main.tsx'): string {
  const css = readFileSync(join(root, 'src/styles.css'), 'utf8');
  const tailwind = /@import\s+['"]tailwindcss['"]\s+theme\(inline\)\s*;/;
  if (!tailwind.test(css))
    throw new Error(
      "src/styles.css must start with `@import 'tailwindcss' theme(inline);` (homeStyles).",
    );
  const sources = [...staticSources(root, entry, { parts: true })]
    .sort()
    .map((file) => `@source "./${relative('src', file).split(sep).join('/')}";`);
  return css.replace(
    tailwind,
    () => `@import 'tailwindcss' source(none) theme(inline);\n${sources.join('\n')}`,
  );
}

export function homeStyles(root: string) {
  const stylesPath = resolve(root, 'src/styles.css');
  // Beside styles.css, so its relative @source and @import paths resolve alike.
  const homeId = resolve(root, HOME_STYLES_FILE);
  const noStyles = '\0booster-styles-are-in-the-page';
  let config: ResolvedConfig | undefined;
  let entryFile: string | undefined;
  let siteFile: string | undefined;
  let appFile: string | undefined;
  const pageChunks = new Set<string>();

  const plugin: Plugin = {
    name: 'booster-home-styles',
    // Both stylesheets are inputs of their own, files the pages link or hold (build/prerender.ts):
    // as the entry's CSS, the home page's would be loaded again with every chunk that imports the
    // entry.
    config: (_config, { command }) =>
      command === 'build'
        ? {
            build: {
              rolldownOptions: {
                input: [
                  resolve(root, 'index.html'),
                  stylesPath,
                  HOME_STYLES,
                  resolve(root, EARLY_RESERVE),
                ],
              },
            },
          }
        : {},
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(source, importer) {
      if (source !== HOME_STYLES) return null;
      // The dev server has no first-load budget: every page gets the whole stylesheet.
      if (config?.command === 'serve' || this.environment.name !== 'client') return stylesPath;
      // The build's input; src/main.tsx's import is then empty (the page holds the styles).
      return importer ? noStyles : homeId;
    },
    load(id) {
      if (id === noStyles) return 'export {};';
      if (id !== homeId) return null;
      this.addWatchFile(stylesPath);
      return homeStylesheet(root);
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const pages = new Set(pageModules(root).map((m) => resolve(root, m)));
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.facadeModuleId && pages.has(file.facadeModuleId))
            pageChunks.add(file.fileName);
          if (file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith('index.html'))
            entryFile = file.fileName;
          if (file.type === 'chunk' && file.facadeModuleId === resolve(root, APP_START))
            appFile = file.fileName;
          if (file.type === 'asset' && file.originalFileNames.includes('src/styles.css'))
            siteFile = file.fileName;
        }
      },
    },
  };

  /**
   * For build.modulePreload.resolveDependencies: a page the app imports on demand (any route's
   * page, the error page, the administration's layout), and the app itself when the home page
   * imports it, load the whole stylesheet first, as Vite loads a chunk's own CSS. The other
   * imports (data, toasts) do not need it.
   */
  const withSiteStyles = (
    file: string,
    deps: string[],
    host: { hostId: string; hostType: 'html' | 'js' },
  ) =>
    host.hostType === 'js' &&
    siteFile &&
    (host.hostId === entryFile || host.hostId === appFile) &&
    (pageChunks.has(file) || file === appFile)
      ? [...deps, siteFile]
      : deps;

  return { plugin, withSiteStyles };
}

// ---- react-router ----
