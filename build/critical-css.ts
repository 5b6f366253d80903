/**
 * The prerendered pages' CSS (build/prerender.ts): critical rules written into a page's <head>,
 * and the check that the home page's own stylesheet defines every class its HTML uses.
 */
import Beasties from 'beasties';

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
