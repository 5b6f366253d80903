/**
 * The build step that writes the public pages as static HTML (build/prerender.ts) and the home
 * page's stylesheet (build/prerender-vite.ts). The pages themselves, built, are checked by
 * tests/e2e/prerendered-pages.e2e.ts (their <h1> and <title> before any script, the hydration).
 * The page written from the template (pageHtml): prerender-page-html.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { classesMissingFrom, definedClasses } from '../../build/critical-css';
import { htmlFileOf, pageModules, prerenderedPaths, routeSources } from '../../build/prerender';
import { formGuard, pageHtml, type RenderedPage } from '../../build/prerender-html';
import { homeStylesheet, staticSources } from '../../build/prerender-vite';
import { root, TEMPLATE, FAQ } from './support/prerender';

describe('the route manifest (src/config/route-manifest.ts), imported by the build', () => {
  const routes = routeSources(root);

  it('knows the module of every page', () => {
    expect(routes).toContainEqual(
      expect.objectContaining({
        path: '/faq',
        module: 'src/features/faq/FaqPage.tsx',
        group: 'public',
      }),
    );
    expect(routes).toContainEqual(
      expect.objectContaining({
        path: '/admin/participants/:id',
        module: 'src/features/admin/participants/ParticipantDetailPage.tsx',
        group: 'admin',
      }),
    );
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

describe('formGuard (docs/decisions/026-form-ready-before-scripts.md)', () => {
  const FORM_PAGE: RenderedPage = {
    ...FAQ,
    path: '/night-party',
    html: '<main><form data-wait-for-code=""><button>Réserver</button></form></main>',
  };
  const assets = { stylesheet: null, styles: [], modules: [] };

  it('is written before the page only when the page holds a form waiting for its code', () => {
    const html = pageHtml(TEMPLATE, FORM_PAGE, assets);
    expect(html).toContain(`${formGuard()}<div id="root" data-route="/night-party">`);
    expect(pageHtml(TEMPLATE, FAQ, assets)).not.toContain(formGuard());
  });

  /** Runs the guard's script with a stand-in document; returns the submit listener it added. */
  function guard() {
    let listener: ((event: unknown) => void) | undefined;
    let capture = false;
    const document = {
      addEventListener: (type: string, fn: (event: unknown) => void, useCapture: boolean) => {
        expect(type).toBe('submit');
        listener = fn;
        capture = useCapture;
      },
    };
    new Function('document', /<script>([\s\S]*)<\/script>/.exec(formGuard())![1])(document);
    expect(capture).toBe(true);
    return listener!;
  }
  function form(attributes: string[]) {
    const attrs = new Set(attributes);
    const note = { hidden: true };
    return {
      note,
      attrs,
      hasAttribute: (name: string) => attrs.has(name),
      setAttribute: (name: string) => attrs.add(name),
      querySelector: (selector: string) => (selector === '[data-pending-note]' ? note : null),
    };
  }

  it('holds a submission of a form whose code is not there yet, and shows its note', () => {
    const onSubmit = guard();
    const target = form(['data-wait-for-code']);
    let prevented = false;
    onSubmit({ target, preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(target.attrs.has('data-pending')).toBe(true);
    expect(target.note.hidden).toBe(false);
  });

  it('lets a live form, or any other form, submit as its code says', () => {
    const onSubmit = guard();
    for (const target of [form(['data-wait-for-code', 'data-live']), form([])]) {
      let prevented = false;
      onSubmit({ target, preventDefault: () => (prevented = true) });
      expect(prevented).toBe(false);
      expect(target.attrs.has('data-pending')).toBe(false);
      expect(target.note.hidden).toBe(true);
    }
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
    expect(sources).toContain('src/app/layouts/PublicShell.tsx');
    expect(sources).toContain('src/features/home/HomePage.tsx');
    // Pages loaded on demand are not the home page's first load, nor the app and its router
    // (docs/decisions/060-home-page-without-the-router.md).
    expect([...sources].some((s) => s.startsWith('src/features/admin/'))).toBe(false);
    expect(sources).not.toContain('src/features/faq/FaqPage.tsx');
    expect(sources).not.toContain('src/app/start.tsx');
    expect(sources).not.toContain('src/app/router.tsx');

    const css = homeStylesheet(root);
    expect(css).toContain("@import 'tailwindcss' source(none) theme(inline);");
    expect(css).toContain('@source "./app/layouts/PublicShell.tsx";');
    expect(css).not.toContain("@import 'tailwindcss' theme(inline);");
  });
});
