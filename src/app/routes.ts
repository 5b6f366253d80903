import { matchPath } from 'react-router';
import { lazyPage, type LazyPage } from '@/lib/lazy-component';

/**
 * The route manifest: every page of the site once, with the layout around it. The router
 * (./router.tsx), the first-load preloader (preloadRoute) and the component tests
 * (tests/component/admin-render.tsx) all read it. Each page is its own chunk, and admin code
 * never reaches the public pages. The home page is not here: it is in the entry chunk.
 */
export type PageRoute = { path: string; page: LazyPage };

export const ErrorPage = lazyPage(() =>
  import('@/features/errors/ErrorPage').then((m) => m.default),
);
export const AdminLayout = lazyPage(() => import('./layouts/AdminLayout').then((m) => m.default));

/** Inside the public layout (header, footer), besides the home page. */
export const PUBLIC_ROUTES: PageRoute[] = [
  {
    path: '/inscription',
    page: lazyPage(() => import('@/features/registration/RegistrationPage').then((m) => m.default)),
  },
  {
    path: '/faq',
    page: lazyPage(() => import('@/features/faq/FaqPage').then((m) => m.default)),
  },
  {
    path: '/contact',
    page: lazyPage(() => import('@/features/contact/ContactPage').then((m) => m.default)),
  },
  {
    path: '/success',
    page: lazyPage(() =>
      import('@/features/registration/RegistrationSuccessPage').then((m) => m.default),
    ),
  },
  {
    path: '/night-party',
    page: lazyPage(() => import('@/features/reservation/NightPartyPage').then((m) => m.default)),
  },
  {
    path: '/reservation-success',
    page: lazyPage(() =>
      import('@/features/reservation/ReservationSuccessPage').then((m) => m.default),
    ),
  },
  {
    path: '/reglement',
    page: lazyPage(() => import('@/features/rules/RulesPage').then((m) => m.default)),
  },
  {
    path: '/pass/:code',
    page: lazyPage(() => import('@/features/reservation/pass/PassPage').then((m) => m.default)),
  },
];

/** Pages with no layout around them. */
export const STANDALONE_ROUTES: PageRoute[] = [
  {
    path: '/admin/login',
    page: lazyPage(() => import('@/features/admin/auth/AdminLoginPage').then((m) => m.default)),
  },
  {
    // The Night Party's door check-in (door staff), with its own sign-in.
    path: '/porte',
    page: lazyPage(() => import('@/features/door/DoorPage').then((m) => m.default)),
  },
];

/** Inside the administration layout (sign-in check, sidebar). */
export const ADMIN_ROUTES: PageRoute[] = [
  {
    path: '/admin',
    page: lazyPage(() => import('@/features/admin/dashboard/DashboardPage').then((m) => m.default)),
  },
  {
    path: '/admin/participants',
    page: lazyPage(() =>
      import('@/features/admin/participants/ParticipantsPage').then((m) => m.default),
    ),
  },
  {
    path: '/admin/participants/:id',
    page: lazyPage(() =>
      import('@/features/admin/participants/ParticipantDetailPage').then((m) => m.default),
    ),
  },
  {
    path: '/admin/stats',
    page: lazyPage(() => import('@/features/admin/stats/StatsPage').then((m) => m.default)),
  },
  {
    path: '/admin/reservations',
    page: lazyPage(() =>
      import('@/features/admin/reservations/ReservationsPage').then((m) => m.default),
    ),
  },
  {
    path: '/admin/presence',
    page: lazyPage(() =>
      import('@/features/admin/attendance/AttendancePage').then((m) => m.default),
    ),
  },
  {
    path: '/admin/parametres',
    page: lazyPage(() => import('@/features/admin/settings/SettingsPage').then((m) => m.default)),
  },
  {
    path: '/admin/messages',
    page: lazyPage(() => import('@/features/admin/messages/MessagesPage').then((m) => m.default)),
  },
  {
    path: '/admin/journal',
    page: lazyPage(() => import('@/features/admin/journal/JournalPage').then((m) => m.default)),
  },
  {
    path: '/admin/corbeille',
    page: lazyPage(() => import('@/features/admin/journal/BinPage').then((m) => m.default)),
  },
];

const matches = (route: PageRoute, pathname: string) =>
  matchPath({ path: route.path, end: true }, pathname) !== null;

/** The chunks the page at `pathname` needs (the home page needs none: it is in the entry). */
export function chunksFor(pathname: string): LazyPage[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return [];
  const page = (routes: PageRoute[]) => routes.find((r) => matches(r, path))?.page;
  const publicPage = page(PUBLIC_ROUTES) ?? page(STANDALONE_ROUTES);
  if (publicPage) return [publicPage];
  const adminPage = page(ADMIN_ROUTES);
  return adminPage ? [AdminLayout, adminPage] : [ErrorPage];
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
