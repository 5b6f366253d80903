import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import {
  bootLoader,
  classesMissingFrom,
  definedClasses,
  htmlFileOf,
  pageHtml,
  pageModules,
  prerenderedPaths,
  routeSources,
  type RenderedPage,
} from '../../scripts/prerender';
import { homeStylesheet, staticSources } from '../../scripts/prerender-vite';

/**
 * The build step that writes the public pages as static HTML (scripts/prerender.ts) and the home
 * page's stylesheet (scripts/prerender-vite.ts). The pages themselves, built, are checked by
 * tests/e2e/prerendered-pages.e2e.ts (their <h1> and <title> before any script, the hydration).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The shape of Vite's built index.html. */
const TEMPLATE = `<!doctype html>
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

const FAQ: RenderedPage = {
  path: '/faq',
  html: '<link rel="preload" as="image" href="/art/a.svg"/><div><h1>Questions « fréquentes »</h1></div>',
  title: 'FAQ – Booster Challenge',
  description: 'Tout savoir & plus',
};

describe('the route manifest, read by the build', () => {
  const routes = routeSources(root);

  it('knows the module of every page', () => {
    expect(routes).toContainEqual({
      path: '/faq',
      module: 'src/features/faq/FaqPage.tsx',
      group: 'public',
    });
    expect(routes).toContainEqual({
      path: '/admin/participants/:id',
      module: 'src/features/admin/participants/ParticipantDetailPage.tsx',
      group: 'admin',
    });
    expect(routes.find((r) => r.path === '/porte')?.group).toBe('standalone');
    expect(pageModules(root)).toContain('src/features/errors/ErrorPage.tsx');
    expect(pageModules(root)).toContain('src/app/layouts/AdminLayout.tsx');
  });

  it('prerenders the home page and the public pages without a parameter, nothing else', () => {
    const paths = prerenderedPaths(routes);
    expect(paths[0]).toBe('/');
    expect(paths).toEqual(
      expect.arrayContaining(['/inscription', '/faq', '/contact', '/success', '/night-party']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/reservation-success']));
    expect(paths.some((p) => p.includes(':') || p.startsWith('/admin') || p === '/porte')).toBe(
      false,
    );
    expect(htmlFileOf('/')).toBe('index.html');
    expect(htmlFileOf('/faq')).toBe('faq/index.html');
  });
});

describe('pageHtml', () => {
  it('writes the page, its title and description, and moves what React hoisted into <head>', () => {
    const html = pageHtml(TEMPLATE, FAQ, {
      stylesheet: 'assets/styles-D4.css',
      styles: ['assets/Page-E5.css'],
      modules: ['assets/FaqPage-F6.js'],
    });
    expect(html).toContain('<title>FAQ – Booster Challenge</title>');
    expect(html).toContain('<meta name="description" content="Tout savoir &amp; plus" />');
    expect(html).toContain(
      '<div id="root" data-route="/faq"><div><h1>Questions « fréquentes »</h1></div></div>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/art/a.svg"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/styles-D4.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/Page-E5.css">');
    // No script in <head>: the page is painted first, then its loader asks for the entry and
    // every module the page needs (the template's and the page's own).
    expect(head).not.toMatch(/<script|modulepreload/);
    const loader = /<script data-entry="([^"]+)" data-modules="([^"]*)" data-later="">/.exec(html);
    expect(loader?.[1]).toBe('/assets/index-A1.js');
    expect(loader?.[2].split(' ')).toEqual([
      '/assets/rolldown-runtime-B2.js',
      '/assets/FaqPage-F6.js',
    ]);
    expect(html).toMatch(/<\/script>\s*<\/body>/);
  });

  it('downloads the entry at once and runs it once the page is painted, once', () => {
    const loader = bootLoader(
      '/assets/index-A1.js',
      ['/assets/a.js', '/assets/b.js'],
      ['/assets/c.js'],
    );
    const code = /<script[^>]*>([\s\S]*)<\/script>/.exec(loader)![1];
    const added: { tag: string; attrs: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const element = () => {
      const attrs: Record<string, string> = {};
      return new Proxy(attrs, {
        set: (_, key: string, value: string) => ((attrs[key] = value), true),
        get: (_, key: string) => (key === '__attrs' ? attrs : attrs[key]),
      }) as unknown as { __attrs: Record<string, string> } & { tag?: string };
    };
    const document = {
      createElement: (tag: string) => Object.assign(element(), { __tag: tag }),
      head: {
        appendChild: (node: { __tag: string; __attrs: Record<string, string> }) =>
          added.push({ tag: node.__tag, attrs: { ...node.__attrs } }),
      },
      currentScript: {
        dataset: {
          entry: '/assets/index-A1.js',
          modules: '/assets/a.js /assets/b.js',
          later: '/assets/c.js',
        },
      },
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', code)(
      document,
      (run: () => void) => frames.push(run),
      (run: () => void, ms = 0) => timers.push({ run, ms }),
    );
    // At once: the entry, downloaded, not run.
    const described = () =>
      added.map((a) => [a.tag, a.attrs.rel ?? a.attrs.type, a.attrs.href ?? a.attrs.src]);
    expect(described()).toEqual([['link', 'modulepreload', '/assets/index-A1.js']]);
    // Painted: the page's modules, the entry run, then the chunks it imports on mounting, each
    // added in a task of its own (one long task blocked the page).
    frames.forEach((run) => run());
    const fallback = timers.find((t) => t.ms === 1000)!;
    const go = timers.find((t) => t.ms === 0)!;
    timers.length = 0;
    go.run();
    expect(added).toHaveLength(1);
    for (const [index, task] of timers.entries()) {
      task.run();
      expect(added).toHaveLength(index + 2);
    }
    expect(described().slice(1)).toEqual([
      ['link', 'modulepreload', '/assets/a.js'],
      ['link', 'modulepreload', '/assets/b.js'],
      ['script', 'module', '/assets/index-A1.js'],
      ['link', 'modulepreload', '/assets/c.js'],
    ]);
    fallback.run(); // the fallback, too late: nothing twice
    expect(timers).toHaveLength(4);
    expect(added).toHaveLength(5);
  });

  it('starts a page whose tab gets no frame (opened in the background) after a second', () => {
    const code = /<script[^>]*>([\s\S]*)<\/script>/.exec(bootLoader('/assets/index-A1.js', []))![1];
    const added: string[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const document = {
      createElement: (tag: string) => ({ tag }) as Record<string, string>,
      head: { appendChild: (node: Record<string, string>) => added.push(node.src ?? node.href) },
      currentScript: { dataset: { entry: '/assets/index-A1.js', modules: '', later: '' } },
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', code)(
      document,
      () => undefined, // no frame ever comes
      (run: () => void, ms = 0) => timers.push({ run, ms }),
    );
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0].run();
    timers.slice(1).forEach((t) => t.run());
    expect(added).toEqual(['/assets/index-A1.js', '/assets/index-A1.js']); // preloaded, then run
  });

  it('writes the home page’s stylesheet into the page instead of linking it', () => {
    const home = { ...FAQ, path: '/', html: '<div><h1>Accueil</h1></div>' };
    const html = pageHtml(TEMPLATE, home, {
      stylesheet: null,
      inlineStyles: '.a{color:red}\n',
      styles: [],
      modules: [],
    });
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('data-route="/"');
  });

  it('writes the empty shell with the whole stylesheet and scripts at their usual priority', () => {
    const html = pageHtml(TEMPLATE, null, {
      stylesheet: 'assets/styles-D4.css',
      styles: [],
      modules: [],
    });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('href="/assets/styles-D4.css"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js">');
    expect(html).not.toContain('data-entry');
    expect(html).toContain('<title>Booster Challenge – Concours</title>');
  });

  it('refuses a template it cannot fill, or one that links a stylesheet', () => {
    const noRoot = TEMPLATE.replace('<div id="root"></div>', '<main></main>');
    const none = { stylesheet: null, styles: [], modules: [] };
    expect(() => pageHtml(noRoot, FAQ, none)).toThrow(/root/);
    const linked = TEMPLATE.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-C3.css"></head>',
    );
    expect(() => pageHtml(linked, FAQ, none)).toThrow(/stylesheet/);
  });
});

describe('the home page’s stylesheet', () => {
  it('reads the class names a stylesheet defines, escapes included', () => {
    const css = '.md\\:block{display:block}.hover\\:bg-white\\/10:hover{x:y}.p-4{padding:1rem}';
    expect([...definedClasses(css)]).toEqual(['md:block', 'hover:bg-white/10', 'p-4']);
  });

  it('finds a class of the page that only the whole stylesheet defines', () => {
    const html = '<div class="p-4 md:block custom"><span class="p-4"></span></div>';
    expect(classesMissingFrom(html, '.p-4{}', '.p-4{}.md\\:block{}')).toEqual(['md:block']);
    expect(classesMissingFrom(html, '.p-4{}.md\\:block{}', '.p-4{}.md\\:block{}')).toEqual([]);
  });

  it('scans exactly the modules the entry imports statically', () => {
    const sources = staticSources(root, 'src/main.tsx');
    expect(sources).toContain('src/main.tsx');
    expect(sources).toContain('src/app/layouts/PublicLayout.tsx');
    expect(sources).toContain('src/features/home/HomePage.tsx');
    // Pages loaded on demand are not the home page's first load.
    expect([...sources].some((s) => s.startsWith('src/features/admin/'))).toBe(false);
    expect(sources).not.toContain('src/features/faq/FaqPage.tsx');

    const css = homeStylesheet(root);
    expect(css).toContain("@import 'tailwindcss' source(none);");
    expect(css).toContain('@source "./app/layouts/PublicLayout.tsx";');
    expect(css).not.toContain("@import 'tailwindcss';");
  });
});
