/**
 * Bundle budget (run after `vite build`; `npm run budget`).
 *
 * For every public route it computes the first load, what the browser downloads before the page
 * is hydrated: for a prerendered page, what its HTML names (the entry script, every
 * `<link rel="modulepreload">`, the stylesheets linked or written in the page) with the static
 * imports of each script; for every route, also the entry chunk and the route's page chunk with
 * their static imports, read from the build manifest (the union of both is counted, so a chunk the
 * HTML preloads cannot be left out). On `/` the CSS is the home page's own stylesheet, elsewhere
 * the whole site's (docs/decisions/011-prerendered-public-pages.md). Sizes are gzip (zlib default
 * level, like Vite's own report), in kB (1000 bytes). A second, stricter count weighs the same
 * files and every style and script written into the page (the loader too) at gzip level 9, what a
 * server compressing at its best sends; the home page's limit applies to both
 * (docs/decisions/056-room-on-the-home-page.md).
 *
 * The parts a page hydrates after the rest (lazyHydrated: the home page's content, the footer)
 * are not in its first load: the HTML shows them, their code is asked for once the page is
 * hydrated and nothing preloads it. The table prints them apart ("Later"), so nothing is hidden;
 * they are checked for forbidden code like the first load.
 *
 * Fails (exit 1) when:
 * - the home page's first load, JavaScript and CSS together, is above 80 kB by either count; another route's
 *   JavaScript above 130 kB or its CSS above 16.5 kB;
 * - a public route's first load or later parts contain admin code (src/features/admin, the admin
 *   layout), TanStack Query, papaparse or the door's QR scanner (barcode-detector, ZXing), or,
 *   for `/`, supabase-js. Checked twice: on the built chunks (manifest source paths and library signatures
 *   in the chunk text) and on the source import graph (static imports only), so a rename of a
 *   chunk cannot hide a leak.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  APP_START,
  entryKey,
  HOME_STYLES,
  htmlFileOf,
  prerenderedPaths,
  routeSources,
  SITE_STYLES,
  SPA_SHELL,
  staticClosure,
  type Manifest,
} from './prerender.ts';
import { ROUTES } from '../src/config/route-manifest.ts';
import { laterParts } from './prerender-vite.ts';
import { htmlAssets, sourceClosure } from './bundle-sources.ts';

/**
 * Limits, enforced by every build. The budget: 80 kB gzip of JavaScript and CSS for the
 * home page, what a visitor's phone downloads before the page works (its content and footer are
 * hydrated later, docs/decisions/011-prerendered-public-pages.md, rule 10); 130 kB of JavaScript
 * for any other public page, whose CSS has its own limit: the whole site's stylesheet (about
 * 10 kB), plus on a prerendered page the rules its HTML uses, written into it (about 5 kB: they
 * are also in the stylesheet, the price of a first paint that waits for no file).
 */
export const HOME_LIMIT_KB = 80;
export const PAGE_JS_LIMIT_KB = 130;
// 16.5 kB since the Night Party page writes its whole form's rules into its HTML, so the form
// can be typed in at first paint (16.2 kB; docs/decisions/026-form-ready-before-scripts.md).
export const CSS_LIMIT_KB = 16.5;

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/**
 * The routes with a budget and the module that renders each one (`null`: the page is in the entry
 * chunk), from the route manifest (src/config/route-manifest.ts, `budget`): the home page, every
 * public route, and the door check-in (door staff, standalone: its camera scanner loads when the
 * camera opens), and whether the public layout (header, footer) is around it.
 */
export const PUBLIC_ROUTES: { path: string; page: string | null; layout: boolean }[] = routeSources(
  root,
)
  .filter((r) => r.budget)
  .map((r) => ({ path: r.path, page: r.entry ? null : r.module, layout: r.group === 'public' }));

const HOME_PAGE = ROUTES.home.page;
const PUBLIC_LAYOUT = 'src/app/layouts/PublicLayout.tsx';

type Forbidden = {
  label: string;
  homeOnly: boolean;
  source: (path: string) => boolean;
  text?: RegExp;
};

/** What must never be in a public first load (supabase-js only on the home page). */
const FORBIDDEN: Forbidden[] = [
  {
    label: 'admin code',
    homeOnly: false,
    source: (p) => p.startsWith('src/features/admin/') || p === 'src/app/layouts/AdminLayout.tsx',
  },
  {
    // The administration's query library (docs/decisions/003-feature-folders-and-data-module.md):
    // a public page imports a data domain's plain calls, never its queries or mutations.
    label: 'TanStack Query',
    homeOnly: false,
    source: (p) => p.includes('node_modules/@tanstack/') || p.startsWith('@tanstack/'),
  },
  {
    label: 'papaparse',
    homeOnly: false,
    source: (p) => p.includes('node_modules/papaparse/') || p === 'papaparse',
    text: /UndetectableDelimiter|__parsed_extra/,
  },
  {
    // The door's QR scanner (the barcode-detector polyfill, ZXing) comes with the camera only.
    label: 'the QR scanner',
    homeOnly: false,
    source: (p) =>
      p.startsWith('src/features/door/camera/') ||
      /node_modules\/(barcode-detector|zxing-wasm)\//.test(p) ||
      p === 'barcode-detector' ||
      p === 'zxing-wasm',
    text: /readBarcodesFromPixmap/,
  },
  {
    label: 'supabase-js',
    homeOnly: true,
    source: (p) => p.includes('node_modules/@supabase/') || p.startsWith('@supabase/'),
    text: /X-Client-Info|supabase-js\//,
  },
];

const kB = (bytes: number) => bytes / 1000;
/** Bytes at gzip level 9, the budget's stricter count. */
const strictBytes = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
const fmt = (bytes: number) => kB(bytes).toFixed(1).padStart(7);

// ---- report ----

export type RouteReport = {
  path: string;
  js: number;
  css: number;
  total: number;
  /** JS + CSS files and every inline style and script of the page, at gzip level 9. */
  strict: number;
  /** The parts hydrated after the first load (not limited, shown apart). */
  later: number;
  /** What the limit applies to: JavaScript and CSS together on `/`, JavaScript elsewhere. */
  limited: 'total' | 'js';
  limit: number;
  chunks: number;
  problems: string[];
};

/** The report for the build in `dist` (dist/ by default; `npm run budget -- <folder>`). */
export function measure(dist = join(root, 'dist')): RouteReport[] {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${relative(root, manifestPath)} is missing: run \`vite build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  const siteStyles = manifest[SITE_STYLES]?.file;
  const homeStyles = manifest[HOME_STYLES]?.file;
  if (!siteStyles || !homeStyles)
    throw new Error(`${SITE_STYLES} or ${HOME_STYLES} is not in the build manifest.`);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const gz = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return gz.get(file) as number;
  };
  const gz9 = new Map<string, number>();
  const gzip9Of = (file: string) => {
    if (!gz9.has(file)) gz9.set(file, strictBytes(readFileSync(join(dist, file))));
    return gz9.get(file) as number;
  };
  const entrySources = sourceClosure('src/main.tsx');
  const prerendered = new Set(prerenderedPaths(routeSources(root)));

  return PUBLIC_ROUTES.map(({ path, page, layout }) => {
    // The build's view: the entry and the page's chunk, with their static imports.
    const keys = staticClosure(manifest, entry);
    if (path !== '/') staticClosure(manifest, APP_START, keys); // the router: every page but home
    if (page) staticClosure(manifest, page, keys);
    // The page's view: what its HTML (or, for a path the build does not prerender, the SPA
    // shell) names, with the static imports of every script.
    const htmlFile = join(dist, prerendered.has(path) ? htmlFileOf(path) : SPA_SHELL);
    const html = existsSync(htmlFile) ? htmlAssets(readFileSync(htmlFile, 'utf8')) : undefined;
    const jsFiles = new Set<string>();
    for (const file of html?.js ?? []) {
      const key = keyOfFile.get(file);
      if (key) staticClosure(manifest, key, keys);
      else jsFiles.add(file);
    }
    const cssFiles = new Set<string>(html?.css ?? []);
    for (const key of keys) {
      jsFiles.add(manifest[key].file);
      for (const css of manifest[key].css ?? []) cssFiles.add(css);
    }
    // Without the page's HTML: the home page holds its own stylesheet, any other links the site's.
    if (!html) cssFiles.add(page ? siteStyles : homeStyles);
    const js = [...jsFiles].reduce((sum, f) => sum + gzipOf(f), 0);
    const css =
      [...cssFiles].reduce((sum, f) => sum + gzipOf(f), 0) +
      (html?.inlineCss ?? []).reduce((sum, text) => sum + gzipSync(text).length, 0);
    const strict =
      [...jsFiles, ...cssFiles].reduce((sum, f) => sum + gzip9Of(f), 0) +
      [...(html?.inlineCss ?? []), ...(html?.inlineJs ?? [])].reduce(
        (sum, text) => sum + strictBytes(text),
        0,
      );

    // What comes once the page is hydrated: the parts it hydrates later (its own, the layout's)
    // and what they prefetch, with their static imports, less the first load.
    const renderedBy = [page ?? HOME_PAGE, ...(layout ? [PUBLIC_LAYOUT] : [])];
    const parts = [...new Set(renderedBy.flatMap((source) => laterParts(root, source)))];
    const laterKeys = new Set<string>();
    for (const part of parts) {
      if (!manifest[part]) throw new Error(`${part} (lazyHydrated) is not a chunk of the build.`);
      staticClosure(manifest, part, laterKeys);
    }
    if (path === '/') staticClosure(manifest, APP_START, laterKeys); // asked for when idle
    for (const key of keys) laterKeys.delete(key);
    const later = [...laterKeys].reduce((sum, k) => sum + gzipOf(manifest[k].file), 0);

    const limited = path === '/' ? 'total' : 'js';
    const limit = (path === '/' ? HOME_LIMIT_KB : PAGE_JS_LIMIT_KB) * 1000;
    const problems: string[] = [];
    const sources = new Set(page ? sourceClosure(page, new Set(entrySources)) : entrySources);
    for (const part of parts) sourceClosure(part, sources);
    for (const rule of FORBIDDEN) {
      if (rule.homeOnly && path !== '/') continue;
      const chunkHits = [...keys, ...laterKeys].filter((k) => {
        const chunk = manifest[k];
        if (rule.source(chunk.src ?? k)) return true;
        return rule.text ? rule.text.test(readFileSync(join(dist, chunk.file), 'utf8')) : false;
      });
      const sourceHits = [...sources].filter(rule.source);
      if (chunkHits.length || sourceHits.length) {
        const where = [...chunkHits.map((k) => manifest[k].file), ...sourceHits]
          .slice(0, 4)
          .join(', ');
        problems.push(`${rule.label} in the first load or a later part (${where})`);
      }
    }
    if (limited === 'total' && js + css > limit)
      problems.push(`JS + CSS ${fmt(js + css).trim()} kB > limit ${limit / 1000} kB`);
    if (limited === 'total' && strict > limit)
      problems.push(
        `JS + CSS with inline scripts and styles, gzip -9: ${fmt(strict).trim()} kB > limit ${limit / 1000} kB`,
      );
    if (limited === 'js' && js > limit)
      problems.push(`JS ${fmt(js).trim()} kB > limit ${limit / 1000} kB`);
    if (limited === 'js' && css > CSS_LIMIT_KB * 1000)
      problems.push(`CSS ${fmt(css).trim()} kB > limit ${CSS_LIMIT_KB} kB`);
    return {
      path,
      js,
      css,
      total: js + css,
      strict,
      later,
      limited,
      limit,
      chunks: jsFiles.size + cssFiles.size + (html?.inlineCss.length ?? 0),
      problems,
    };
  });
}

function main() {
  const reports = measure(process.argv[2] ? resolve(process.argv[2]) : undefined);
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log('\nFirst-load JS + CSS per public route (gzip, kB = 1000 bytes)\n');
  console.log(
    `${pad('Route', 22)}     JS     CSS   Total  Strict       Limit  Files  Result   Later`,
  );
  for (const r of reports) {
    const result = r.problems.length ? 'FAIL' : 'ok';
    const limit = `${r.limit / 1000} ${r.limited === 'total' ? 'JS+CSS' : 'JS'}`;
    console.log(
      `${pad(r.path, 22)}${fmt(r.js)} ${fmt(r.css)} ${fmt(r.total)} ${fmt(r.strict)} ${limit.padStart(11)} ${String(r.chunks).padStart(6)}  ${result.padEnd(4)} ${fmt(r.later)}`,
    );
  }
  console.log(`(and CSS at most ${CSS_LIMIT_KB} kB on every other route)`);
  console.log(
    'Strict: the same files plus every style and script written into the page, at gzip level 9\n' +
      '(on /, limited like Total).',
  );
  console.log(
    'Later: JavaScript asked for once the page is hydrated, not limited: the parts hydrated after\n' +
      'the first load (lazyHydrated: the footer and, on /, the home page’s content), whose markup the\n' +
      'HTML shows meanwhile, and on / what it asks for when the browser is idle: its content, and the\n' +
      'app with its router (docs/decisions/060-home-page-without-the-router.md).',
  );
  const failures = reports.flatMap((r) => r.problems.map((p) => `${r.path}: ${p}`));
  if (failures.length) {
    console.error(`\nBundle budget failed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nBundle budget: ok');
}

// Run as a script (`npm run budget`), not when a test imports its helpers.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
