/**
 * reactRouterTreeShaking(), the build's Vite plugin (vite.config.ts;
 * docs/decisions/011-prerendered-public-pages.md): react-router's module-level calls marked pure,
 * so what the site does not use (its data router, <Form>, <ScrollRestoration>) is left out.
 */
import type { Plugin } from 'vite';

/**
 * What the site's build changes in react-router 7's code (its dist/…/chunk-*.mjs modules), each
 * change keeping the behaviour the site uses:
 *
 * - its top level calls React (createContext, forwardRef, memo) without pure annotations, so a
 *   bundler must keep every component it defines, used or not (about 1.4 kB gzip here): the calls
 *   are marked pure, and the displayName lines (names for React's developer tools) dropped;
 * - its package exports its development build only: its warnings are turned off, and
 *   ENABLE_DEV_WARNINGS is false as in the production build it ships beside it (the only
 *   difference between the two);
 * - <Link> renders <PrefetchPageLinks> only when `usePrefetchBehavior` says so, which it never does
 *   outside React Router's framework mode (no FrameworkContext): that branch, and the route-module
 *   loading it brings, is dropped;
 * - its error boundary hands errors to an RSC redirect handler when an RSC router is around it
 *   (`this.context`), which the site never renders: that branch is dropped;
 * - the route tree is rendered without data-router state (the site has no data router, ADR 004):
 *   renderMatches' error boundary, default error page and hydrate fallbacks are dropped, and so
 *   are <Link>'s prefetch behaviour (framework mode only) and <NavLink>'s view transition state
 *   (data router only), 1.7 kB more (docs/decisions/056-room-on-the-home-page.md).
 *
 * About 3.5 kB gzip less on the home page's first load (build/bundle-budget.ts). A change that
 * matches nothing in a new release of react-router is reported as a build warning.
 */
const REACT_ROUTER_CHANGES: { what: string; pattern: RegExp; by: string }[] = [
  {
    what: 'pure React calls',
    pattern: /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm,
    by: '$1/* @__PURE__ */ $2',
  },
  { what: 'displayName lines', pattern: /^\w+\.displayName = "[^"]*";$/gm, by: '' },
  {
    what: 'warnings',
    pattern: /^function warning\(cond, message\) \{/m,
    by: '$& return;',
  },
  {
    what: 'ENABLE_DEV_WARNINGS',
    pattern: /^var ENABLE_DEV_WARNINGS = true;$/m,
    by: 'const ENABLE_DEV_WARNINGS = false;',
  },
  {
    what: '<Link> prefetching',
    pattern: /^ {4}return shouldPrefetch && !isAbsolute \? .*PrefetchPageLinks.* : link;$/m,
    by: '    return link;',
  },
  {
    // The site renders <BrowserRouter> and <Routes>, never a data router: the route tree is
    // rendered without data-router state, so its error boundary (RenderErrorBoundary, the default
    // error page), hydrate fallbacks and error elements are left out (ADR 056).
    what: 'data-router state in renderMatches',
    pattern: /^ {2}let dataRouterState = dataRouterOpts\?\.state;$/m,
    by: '  const dataRouterState = undefined;',
  },
  {
    // Without data-router state (above) the route tree never renders RenderErrorBoundary.
    what: 'the data router’s error boundary',
    pattern:
      /^ {6}return dataRouterState && \(match\.route\.ErrorBoundary[^\n]*\n[\s\S]*?^ {6}\) : getChildren\(\);$/m,
    by: '      return getChildren();',
  },
  {
    what: 'the data router’s error boundary context',
    pattern: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/m,
    by: '',
  },
  {
    // Outside framework mode usePrefetchBehavior answers [false, ref, {}] whatever the props;
    // the ref served only the prefetching dropped above.
    what: '<Link> prefetch behaviour',
    pattern:
      /^ {4}let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\n {6}prefetch,\n {6}rest\n {4}\);$/m,
    by: '    let [shouldPrefetch, prefetchRef, prefetchHandlers] = [false, null, {}];',
  },
  {
    // <NavLink>'s view transition state is read from a data router only, which the site has not.
    what: '<NavLink> view transitions',
    pattern:
      /^ {4}let isTransitioning = routerState != null && .*\n.*\n {4}useViewTransitionState\(path\) && viewTransition === true;$/m,
    by: '    let isTransitioning = false;',
  },
  {
    what: 'the RSC error handler',
    pattern: /^ {4}if \(this\.context\) \{\n {6}return .*RSCErrorHandler.*\n {4}\}\n/m,
    by: '',
  },
];

export function reactRouterTreeShaking(): Plugin {
  const matched = new Set<string>();
  return {
    name: 'booster-react-router-tree-shaking',
    apply: 'build',
    buildStart() {
      matched.clear();
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      let out = code;
      for (const { what, pattern, by } of REACT_ROUTER_CHANGES) {
        pattern.lastIndex = 0;
        if (!pattern.test(out)) continue;
        matched.add(what);
        out = out.replace(pattern, by);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd() {
      // Only where react-router was bundled (every build of the site bundles it).
      if (matched.size === 0) return;
      const missing = REACT_ROUTER_CHANGES.filter(({ what }) => !matched.has(what));
      if (missing.length)
        this.warn(
          `react-router's code has changed: nothing matched for ${missing.map((c) => c.what).join(', ')} (build/prerender-vite.ts).`,
        );
    },
  };
}
