import { matchPath } from 'react-router';
import { lazyPage, type LazyHydrated, type LazyPage } from '@/lib/lazy-page';
import { HomeContent } from '@/features/home/HomePage';
import { Footer } from './layouts/PublicLayout';

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

type Chunk = { preload: () => Promise<unknown> };

/**
 * The chunks the page at `pathname` needs before its first render: its page (the home page needs
 * none: it is in the entry). With `parts`, also the parts of the page that are hydrated after the
 * rest (lazyHydrated: the home page's content, the public footer), which a page rendered anew
 * needs as well; a prerendered page being hydrated does without them (React downloads them while
 * the HTML stays on screen).
 */
export function chunksFor(pathname: string, { parts = false } = {}): Chunk[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const publicParts: LazyHydrated[] = parts ? [Footer] : [];
  if (path === '/') return parts ? [HomeContent, ...publicParts] : [];
  const page = (routes: PageRoute[]) => routes.find((r) => matches(r, path))?.page;
  const publicPage = page(PUBLIC_ROUTES);
  if (publicPage) return [publicPage, ...publicParts];
  const standalonePage = page(STANDALONE_ROUTES);
  if (standalonePage) return [standalonePage];
  const adminPage = page(ADMIN_ROUTES);
  // An unknown path: the error page, inside the public layout.
  return adminPage ? [AdminLayout, adminPage] : [ErrorPage, ...publicParts];
}

/**
 * Loads the current page's chunks before the first render (src/main.tsx, the prerender), so the
 * first paint is the whole page: with `parts` (a page rendered anew, the prerender) its late parts
 * too. Never rejects: a failed chunk is retried by React.lazy and caught by the boundary.
 */
export function preloadRoute(pathname: string, options?: { parts?: boolean }): Promise<void> {
  return Promise.all(chunksFor(pathname, options).map((chunk) => chunk.preload())).then(
    () => undefined,
    () => undefined,
  );
}
