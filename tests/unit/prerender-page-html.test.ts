/**
 * The build step that writes the public pages as static HTML (build/prerender.ts) and the home
 * page's stylesheet (build/prerender-vite.ts). The pages themselves, built, are checked by
 * tests/e2e/prerendered-pages.e2e.ts (their <h1> and <title> before any script, the hydration).
 * Here: pageHtml, the page written from the template, and its boot loader.
 */
import { describe, expect, it } from 'vitest';
import { bootLoader, pageHtml } from '../../build/prerender-html';
import { TEMPLATE, FAQ } from './support/prerender';

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

  it('asks for nothing before the first contentful paint, then the entry and modules, once', () => {
    const boot = runBootLoader();
    expect(boot.described()).toEqual([]);
    // A first paint that is not contentful (a background) does not start the page.
    boot.paint('first-paint');
    expect(boot.delays()).toEqual([3000]);
    boot.paint('first-contentful-paint');
    expect(boot.observing()).toBe(false);
    boot.runTimers();
    // The entry, the page's modules, the entry run, then the chunks it imports on mounting, each
    // added in a task of its own (one long task blocked the page).
    expect(boot.described()).toEqual([
      ['link', 'modulepreload', '/assets/index-A1.js'],
      ['link', 'modulepreload', '/assets/a.js'],
      ['link', 'modulepreload', '/assets/b.js'],
      ['script', 'module', '/assets/index-A1.js'],
      ['link', 'modulepreload', '/assets/c.js'],
    ]);
    expect(boot.tasksThatAddedMoreThanOne).toBe(0);
    boot.fallback(); // too late: nothing twice
    expect(boot.described()).toHaveLength(5);
  });

  it('on a link the browser rates 3G or slower, asks for the entry at once and not twice', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      const boot = runBootLoader({ effectiveType });
      expect(boot.described()).toEqual([['link', 'modulepreload', '/assets/index-A1.js']]);
      boot.paint('first-contentful-paint');
      boot.runTimers();
      expect(boot.described().filter(([, , href]) => href === '/assets/index-A1.js')).toEqual([
        ['link', 'modulepreload', '/assets/index-A1.js'],
        ['script', 'module', '/assets/index-A1.js'],
      ]);
    }
    expect(runBootLoader({ effectiveType: '4g' }).described()).toEqual([]);
  });

  it('asks first for the early module of a page with the reservation form, run at once', () => {
    const early = ['/assets/early-reserve-E1.js', '/assets/schema-E2.js'];
    const boot = runBootLoader({ early });
    expect(boot.described()).toEqual([]);
    boot.paint('first-contentful-paint');
    boot.runTimers();
    // The rest waits until the early module has run.
    expect(boot.described()).toEqual([
      ['link', 'modulepreload', '/assets/schema-E2.js'],
      ['script', 'module', '/assets/early-reserve-E1.js'],
    ]);
    boot.loaded('/assets/early-reserve-E1.js');
    boot.runTimers();
    expect(boot.described()).toEqual([
      ['link', 'modulepreload', '/assets/schema-E2.js'],
      ['script', 'module', '/assets/early-reserve-E1.js'],
      ['link', 'modulepreload', '/assets/index-A1.js'],
      ['link', 'modulepreload', '/assets/a.js'],
      ['link', 'modulepreload', '/assets/b.js'],
      ['script', 'module', '/assets/index-A1.js'],
      ['link', 'modulepreload', '/assets/c.js'],
    ]);
    // The early module and its import (one, two files) are added together: a task of two elements.
    expect(boot.tasksThatAddedMoreThanOne).toBe(1);
    // On a slow link, at once, then the rest once it has run, never twice.
    const slow = runBootLoader({ early, effectiveType: '3g' });
    slow.runTimers();
    expect(slow.described()).toEqual([
      ['link', 'modulepreload', '/assets/schema-E2.js'],
      ['script', 'module', '/assets/early-reserve-E1.js'],
    ]);
    slow.loaded('/assets/early-reserve-E1.js');
    slow.paint('first-contentful-paint');
    slow.runTimers();
    expect(slow.described()).toHaveLength(7);
    expect(slow.described().filter(([, , h]) => h === '/assets/early-reserve-E1.js')).toHaveLength(
      1,
    );
  });

  it('without paint timing, starts the page in the frame after the one the HTML gave', () => {
    const boot = runBootLoader({ paintTiming: false });
    expect(boot.described()).toEqual([]);
    boot.frame();
    boot.runTimers();
    expect(boot.described()).toHaveLength(5);
  });

  it('starts a page that is not painted (a tab opened in the background) after 3 seconds', () => {
    const boot = runBootLoader();
    expect(boot.delays()).toEqual([3000]);
    boot.fallback();
    boot.runTimers();
    expect(boot.described()).toHaveLength(5);
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

/**
 * Runs bootLoader's script against a stand-in of the browser: the elements it adds to <head>,
 * its timers, its animation frames and the paint entries it observes (when `paintTiming`).
 */
function runBootLoader({
  effectiveType,
  paintTiming = true,
  early = [],
}: { effectiveType?: string; paintTiming?: boolean; early?: string[] } = {}) {
  const code = /<script[^>]*>([\s\S]*)<\/script>/.exec(
    bootLoader('/assets/index-A1.js', ['/assets/a.js', '/assets/b.js'], ['/assets/c.js'], early),
  )![1];
  const added: { tag: string; attrs: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let observer: ((list: { getEntriesByName(name: string): unknown[] }, o: unknown) => void) | null =
    null;
  let observing = false;
  const document = {
    createElement: (tag: string) => ({ __tag: tag }) as Record<string, string>,
    head: {
      appendChild: (node: Record<string, string>) => {
        const { __tag, ...attrs } = node;
        added.push({ tag: __tag, attrs });
      },
    },
    currentScript: {
      dataset: {
        entry: '/assets/index-A1.js',
        modules: '/assets/a.js /assets/b.js',
        later: '/assets/c.js',
        ...(early.length ? { early: early.join(' ') } : {}),
      },
    },
  };
  class FakeObserver {
    static supportedEntryTypes = ['mark', 'measure', ...(paintTiming ? ['paint'] : [])];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observing = true;
    }
    disconnect() {
      observing = false;
    }
  }
  const self = { PerformanceObserver: FakeObserver };
  new Function('document', 'window', 'navigator', 'requestAnimationFrame', 'setTimeout', code)(
    document,
    self,
    { connection: effectiveType ? { effectiveType } : undefined },
    (run: () => void) => frames.push(run),
    (run: () => void, ms = 0) => timers.push({ run, ms }),
  );
  const boot = {
    /** The delays of the timers not run yet. */
    delays: () => timers.filter((t) => t.ms >= 0).map((t) => t.ms),
    tasksThatAddedMoreThanOne: 0,
    described: () =>
      added.map((a) => [a.tag, a.attrs.rel ?? a.attrs.type, a.attrs.href ?? a.attrs.src]),
    observing: () => observing,
    /** The script of `src` has loaded (its onload). */
    loaded(src: string) {
      (added.find((a) => a.attrs.src === src)?.attrs.onload as unknown as () => void)();
    },
    paint(name: string) {
      if (observing)
        observer?.(
          { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) },
          {
            disconnect: () => (observing = false),
          },
        );
    },
    frame() {
      frames.splice(0).forEach((run) => run());
    },
    fallback() {
      const fallback = timers.find((t) => t.ms === 3000);
      fallback?.run();
      if (fallback) fallback.ms = -1;
    },
    /** Runs the pending zero-delay tasks in order, counting any that added more than one element. */
    runTimers() {
      for (let i = 0; i < timers.length; i++) {
        if (timers[i].ms === 3000) continue;
        const before = added.length;
        timers[i].run();
        if (added.length - before > 1) boot.tasksThatAddedMoreThanOne++;
        timers[i] = { run: () => undefined, ms: -1 };
      }
    },
  };
  return boot;
}
