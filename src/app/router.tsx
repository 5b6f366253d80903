import { Component, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import * as paths from '@/config/route-paths';
import PublicLayout from './layouts/PublicLayout';
import { RouteFocus } from './RouteFocus';
import HomePage from '@/features/home/HomePage';
import {
  ADMIN_ROUTES,
  AdminLayout,
  ErrorPage,
  PUBLIC_ROUTES,
  STANDALONE_ROUTES,
  type PageRoute,
} from './routes';

/*
 * Declarative routing (<BrowserRouter> + <Routes>), not the data router: createBrowserRouter
 * adds ~16 kB gzip of loader/action/fetcher machinery the site does not use, and the home page
 * has a 90 kB gzip first-load budget (build/bundle-budget.ts). Consequences for pages: no
 * loaders/actions, no useRouteError/useNavigation/useFetcher/<ScrollRestoration> (they need a
 * data router). Scroll-to-top, the error boundary and the focus after a route change
 * (./RouteFocus.tsx) are provided here instead.
 *
 * The pages come from the route manifest (src/config/route-manifest.ts, ./routes.ts).
 * <BrowserRouter> wraps navigations in startTransition, so the current page stays on screen while
 * the next page's chunk loads.
 */
/** A lazy page inside its own Suspense, so the surrounding layout stays visible on first load. */
function Page({ component: PageComponent }: { component: ComponentType }) {
  return (
    <Suspense fallback={null}>
      <PageComponent />
    </Suspense>
  );
}

/** Every navigation to a new path starts at the top of the page (hash links excepted). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Last resort when even the error page cannot load (offline, or a new deployment). */
function BareErrorMessage() {
  return (
    <main className="mx-auto max-w-xl p-6 text-center">
      <h1 className="text-2xl font-bold">Oops! Une erreur est survenue</h1>
      <p className="mt-4">
        <a className="underline" href={paths.home}>
          Retour à l’accueil
        </a>
      </p>
    </main>
  );
}

type BoundaryProps = {
  children: ReactNode;
  fallback?: ReactNode;
  /** A new value clears a caught error (the path: a link away from a broken page works). */
  resetKey?: string;
};

/**
 * A render error (or a page chunk that failed to load) shows the error page, itself loaded on
 * demand (it is not needed by a normal first visit); `fallback` is shown if that fails too.
 */
class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; resetKey?: string }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  /*
   * Reset by a prop, not by a React key: a key would remount everything inside (the layouts,
   * their state and the focused element) on every navigation (issue 15).
   */
  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error('Erreur de rendu :', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <ErrorPageOrBare />;
  }
}

function ErrorPageOrBare({ notFound = false }: { notFound?: boolean }) {
  return (
    <RouteErrorBoundary fallback={<BareErrorMessage />}>
      <Suspense fallback={null}>
        <ErrorPage notFound={notFound} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The boundary resets when the path changes, so a link away from a broken page works; what it
 * wraps stays mounted from one page to the next.
 */
function ResettingErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}

/**
 * A public page inside its own boundary: a page that fails to render shows the error page between
 * the site's header and footer, which stay usable. The outer boundary (AppRouter) catches the rest.
 */
function PublicPage({ component }: { component: ComponentType }) {
  return (
    <ResettingErrorBoundary>
      <Page component={component} />
    </ResettingErrorBoundary>
  );
}

/** The manifest's routes under a layout whose path is `base` (its own path is the index). */
const routesOf = (routes: PageRoute[], base: string) =>
  routes.map(({ path, page }) =>
    path === base ? (
      <Route key={path} index element={<Page component={page} />} />
    ) : (
      <Route key={path} path={path} element={<Page component={page} />} />
    ),
  );

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<PublicLayout />}>
        <Route index element={<PublicPage component={HomePage} />} />
        {PUBLIC_ROUTES.map(({ path, page }) => (
          <Route key={path} path={path} element={<PublicPage component={page} />} />
        ))}
        {/* An unknown path: the specification's error page, inside the header and footer. */}
        <Route path="*" element={<ErrorPageOrBare notFound />} />
      </Route>
      {routesOf(STANDALONE_ROUTES, '')}
      <Route path={paths.admin} element={<Page component={AdminLayout} />}>
        {routesOf(ADMIN_ROUTES, paths.admin)}
      </Route>
    </Routes>
  );
}

export function AppRouter({ arrivedFrom }: { arrivedFrom?: string }) {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <ResettingErrorBoundary>
        <AppRoutes />
      </ResettingErrorBoundary>
      {/* After the routes: its effect runs once the new page's own effects (its title) have. */}
      <RouteFocus arrivedFrom={arrivedFrom} />
    </BrowserRouter>
  );
}
