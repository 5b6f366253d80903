/**
 * What the bundle budget (build/bundle-budget.ts) reads besides the build's manifest: the
 * source import graph (static imports only), and the assets a built page's HTML asks for.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

// ---- source import graph (static imports only) ----

const STATIC_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function resolveSource(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(root, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(join(root, from)), spec);
  else return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return null;
}

/** Source files and package names reachable from `start` through static imports. */
export function sourceClosure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  if (!/\.(ts|tsx)$/.test(start)) return seen;
  const text = readFileSync(join(root, start), 'utf8');
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const target = resolveSource(start, match[1]);
    if (target && !target.endsWith('.css')) sourceClosure(target, seen);
  }
  return seen;
}

// ---- what a page's HTML fetches ----

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The files a page's HTML makes the browser fetch before any script runs (module scripts,
 * modulepreloads, stylesheets, in the head or, like the site stylesheet of a page whose critical
 * CSS is inlined, at the end of the body: paths without the leading slash), and the styles and
 * scripts written in it (the loader, structured data: the budget's level-9 count weighs them).
 */
export function htmlAssets(html: string): {
  js: string[];
  css: string[];
  inlineCss: string[];
  inlineJs: string[];
} {
  // The head, and what follows the page's markup (#root's last closing tag) at the end of <body>;
  // not a <link> rendered inside the page.
  const head = html.slice(0, html.indexOf('</head>') + 1 || undefined);
  const end = html.slice(Math.max(head.length, html.lastIndexOf('</div>')));
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of (head + end).matchAll(/<(?:script|link)\b[^>]*>/g)) {
    // A prerendered page's scripts, asked for once it is painted (bootLoader, build/prerender.ts).
    const entry = tag.startsWith('<script') ? attribute(tag, 'data-entry') : undefined;
    if (entry) {
      const modules = attribute(tag, 'data-modules')?.split(' ').filter(Boolean) ?? [];
      // The reservation sent before the app comes first on the Night Party page (ADR 051).
      const early = attribute(tag, 'data-early')?.split(' ').filter(Boolean) ?? [];
      js.push(...[entry, ...modules, ...early].map((f) => f.slice(1)));
      continue;
    }
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!src?.startsWith('/')) continue;
    const rel = attribute(tag, 'rel');
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') js.push(src.slice(1));
    else if (rel === 'modulepreload') js.push(src.slice(1));
    else if (rel === 'stylesheet') css.push(src.slice(1));
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(
    ([, text]) => text,
  );
  const inlineJs = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes, text]) => !/\ssrc=/.test(attributes) && text.trim() !== '')
    .map(([, , text]) => text);
  return { js, css, inlineCss, inlineJs };
}
