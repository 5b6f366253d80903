import {
  Component,
  lazy,
  Suspense,
  useLayoutEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import PublicLayout from './layouts/PublicLayout';
import HomePage from '@/features/home/HomePage';

/*
 * Declarative routing (<BrowserRouter> + <Routes>), not the data router: createBrowserRouter
 * adds ~16 kB gzip of loader/action/fetcher machinery the site does not use, and the home page
 * has a 90 kB gzip first-load budget (scripts/bundle-budget.ts). Consequences for pages: no
 * loaders/actions, no useRouteError/useNavigation/useFetcher/<ScrollRestoration> (they need a
 * data router). Scroll-to-top and the error boundary are provided here instead.
 *
 * Route-level code splitting: each page is its own chunk, admin code never reaches public pages.
 * <BrowserRouter> wraps navigations in startTransition, so the current page stays on screen
 * while the next page's chunk loads.
 */
type PageModule = { default: ComponentType };
type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy plus `preload()`: once the chunk has arrived the component renders synchronously,
 * so a page preloaded before the first render never shows an empty Suspense fallback (which
 * would push the footer down: a layout shift).
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<PageModule> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed (network back)
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const PageComponent = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(PageComponent, { preload });
}

const ErrorPage = lazyPage(() => import('@/features/errors/ErrorPage'));
const RegistrationPage = lazyPage(() => import('@/features/registration/RegistrationPage'));
const FaqPage = lazyPage(() => import('@/features/faq/FaqPage'));
const ContactPage = lazyPage(() => import('@/features/contact/ContactPage'));
const RegistrationSuccessPage = lazyPage(
  () => import('@/features/registration/RegistrationSuccessPage'),
);
const NightPartyPage = lazyPage(() => import('@/features/reservation/NightPartyPage'));
const ReservationSuccessPage = lazyPage(
  () => import('@/features/reservation/ReservationSuccessPage'),
);
const AdminLoginPage = lazyPage(() => import('@/features/admin/auth/AdminLoginPage'));
const AdminLayout = lazyPage(() => import('./layouts/AdminLayout'));
const DashboardPage = lazyPage(() => import('@/features/admin/dashboard/DashboardPage'));
const ParticipantsPage = lazyPage(() => import('@/features/admin/participants/ParticipantsPage'));
const ParticipantDetailPage = lazyPage(
  () => import('@/features/admin/participants/ParticipantDetailPage'),
);
const StatsPage = lazyPage(() => import('@/features/admin/stats/StatsPage'));
const ReservationsPage = lazyPage(() => import('@/features/admin/reservations/ReservationsPage'));

/** The chunks the page at `pathname` needs (mirrors <AppRoutes>; the home page is in the entry). */
function chunksFor(pathname: string): LazyPage[] {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const pages: Record<string, LazyPage[]> = {
    '/': [],
    '/inscription/': [RegistrationPage],
    '/faq/': [FaqPage],
    '/contact/': [ContactPage],
    '/success/': [RegistrationSuccessPage],
    '/night-party/': [NightPartyPage],
    '/reservation-success/': [ReservationSuccessPage],
    '/admin/login/': [AdminLoginPage],
    '/admin/': [AdminLayout, DashboardPage],
    '/admin/participants/': [AdminLayout, ParticipantsPage],
    '/admin/stats/': [AdminLayout, StatsPage],
    '/admin/reservations/': [AdminLayout, ReservationsPage],
  };
  if (pages[path]) return pages[path];
  if (/^\/admin\/participants\/[^/]+\/$/.test(path)) return [AdminLayout, ParticipantDetailPage];
  return [ErrorPage];
}

/**
 * Loads the current page's chunks before the first render (src/main.tsx), so the first paint is
 * the whole page. Never rejects: a failed chunk is retried by React.lazy and caught by the boundary.
 */
export function preloadRoute(pathname: string): Promise<void> {
  return Promise.all(chunksFor(pathname).map((page) => page.preload())).then(
    () => undefined,
    () => undefined,
  );
}

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
        <a className="underline" href="/">
          Retour à l&apos;accueil
        </a>
      </p>
    </main>
  );
}

/**
 * A render error (or a page chunk that failed to load) shows the error page, itself loaded on
 * demand (it is not needed by a normal first visit); `fallback` is shown if that fails too.
 */
class RouteErrorBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Erreur de rendu :', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <ErrorPageOrBare />;
  }
}

function ErrorPageOrBare() {
  return (
    <RouteErrorBoundary fallback={<BareErrorMessage />}>
      <Suspense fallback={null}>
        <ErrorPage />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The boundary resets when the path changes, so a link away from a broken page works. */
function ResettingErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary key={pathname}>{children}</RouteErrorBoundary>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="inscription" element={<Page component={RegistrationPage} />} />
        <Route path="faq" element={<Page component={FaqPage} />} />
        <Route path="contact" element={<Page component={ContactPage} />} />
        <Route path="success" element={<Page component={RegistrationSuccessPage} />} />
        <Route path="night-party" element={<Page component={NightPartyPage} />} />
        <Route path="reservation-success" element={<Page component={ReservationSuccessPage} />} />
      </Route>
      <Route path="/admin/login" element={<Page component={AdminLoginPage} />} />
      <Route path="/admin" element={<Page component={AdminLayout} />}>
        <Route index element={<Page component={DashboardPage} />} />
        <Route path="participants" element={<Page component={ParticipantsPage} />} />
        <Route path="participants/:id" element={<Page component={ParticipantDetailPage} />} />
        <Route path="stats" element={<Page component={StatsPage} />} />
        <Route path="reservations" element={<Page component={ReservationsPage} />} />
      </Route>
      <Route path="*" element={<ErrorPageOrBare />} />
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <ResettingErrorBoundary>
        <AppRoutes />
      </ResettingErrorBoundary>
    </BrowserRouter>
  );
}
