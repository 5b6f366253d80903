import { matchPath } from 'react-router';
import { lazyPage, type LazyHydrated, type LazyPage } from '@/lib/lazy-page';
import { HomeContent } from '@/features/home/HomePage';
import { Footer, PassLinks } from './layouts/PublicShell';
import * as paths from '@/config/route-paths';
import type { LazyRouteIn, ROUTES, RouteLayout } from '@/config/route-manifest';

/**
 * The router's side of the route manifest (src/config/route-manifest.ts): each page's chunk
 * loader, by the manifest's key. The router (./router.tsx), the first-load preloader
 * (preloadRoute) and the component tests (tests/component/admin-render.tsx) read the lists below.
 * Each page is its own chunk, and admin code never reaches the public pages. The home page is not
 * here: it is in the entry chunk. Each list holds the manifest's routes of its layout (the types
 * check each path's layout; tests/unit/route-manifest.test.ts that none is missing and that each
 * import is the manifest's `page`).
 */
export type PageRoute = { path: string; page: LazyPage };

/** A route of the manifest whose page sits in layout L: the types check each list's paths. */
type RouteIn<L extends RouteLayout> = {
  path: (typeof ROUTES)[LazyRouteIn<L>]['path'];
  page: LazyPage;
};

export const ErrorPage = lazyPage(() =>
  import('@/features/errors/ErrorPage').then((m) => m.default),
);
export const AdminLayout = lazyPage(() => import('./layouts/AdminLayout').then((m) => m.default));

/** Inside the public layout (header, footer), besides the home page. */
export const PUBLIC_ROUTES: PageRoute[] = [
  {
    path: paths.registration,
    page: lazyPage(() => import('@/features/registration/RegistrationPage').then((m) => m.default)),
  },
  {
    path: paths.faq,
    page: lazyPage(() => import('@/features/faq/FaqPage').then((m) => m.default)),
  },
  {
    path: paths.contact,
    page: lazyPage(() => import('@/features/contact/ContactPage').then((m) => m.default)),
  },
  {
    path: paths.registrationSuccess,
    page: lazyPage(() =>
      import('@/features/registration/RegistrationSuccessPage').then((m) => m.default),
    ),
  },
  {
    path: paths.nightParty,
    page: lazyPage(() => import('@/features/reservation/NightPartyPage').then((m) => m.default)),
  },
  {
    path: paths.reservationSuccess,
    page: lazyPage(() =>
      import('@/features/reservation/ReservationSuccessPage').then((m) => m.default),
    ),
  },
  {
    path: paths.rules,
    page: lazyPage(() => import('@/features/rules/RulesPage').then((m) => m.default)),
  },
  {
    path: paths.results,
    page: lazyPage(() => import('@/features/results/ResultsPage').then((m) => m.default)),
  },
  {
    path: paths.pass,
    page: lazyPage(() => import('@/features/reservation/pass/PassPage').then((m) => m.default)),
  },
  {
    path: paths.vote,
    page: lazyPage(() => import('@/features/vote/VotePage').then((m) => m.default)),
  },
] satisfies RouteIn<'public'>[];

/** Pages with no layout around them. */
export const STANDALONE_ROUTES: PageRoute[] = [
  {
    path: paths.adminLogin,
    page: lazyPage(() => import('@/features/admin/auth/AdminLoginPage').then((m) => m.default)),
  },
  {
    path: paths.door,
    page: lazyPage(() => import('@/features/door/DoorPage').then((m) => m.default)),
  },
  {
    path: paths.jury,
    page: lazyPage(() => import('@/features/jury/JuryPage').then((m) => m.default)),
  },
  {
    path: paths.stageScreen,
    page: lazyPage(() => import('@/features/vote/screen/ScreenPage').then((m) => m.default)),
  },
] satisfies RouteIn<'standalone'>[];

/** Inside the administration layout (sign-in check, sidebar). */
export const ADMIN_ROUTES: PageRoute[] = [
  {
    path: paths.admin,
    page: lazyPage(() => import('@/features/admin/dashboard/DashboardPage').then((m) => m.default)),
  },
  {
    path: paths.adminParticipants,
    page: lazyPage(() =>
      import('@/features/admin/participants/ParticipantsPage').then((m) => m.default),
    ),
  },
  {
    path: paths.adminParticipant,
    page: lazyPage(() =>
      import('@/features/admin/participants/ParticipantDetailPage').then((m) => m.default),
    ),
  },
  {
    path: paths.adminStats,
    page: lazyPage(() => import('@/features/admin/stats/StatsPage').then((m) => m.default)),
  },
  {
    path: paths.adminReservations,
    page: lazyPage(() =>
      import('@/features/admin/reservations/ReservationsPage').then((m) => m.default),
    ),
  },
  {
    path: paths.adminAttendance,
    page: lazyPage(() => import('@/features/admin/door/AttendancePage').then((m) => m.default)),
  },
  {
    path: paths.adminSettings,
    page: lazyPage(() => import('@/features/admin/settings/SettingsPage').then((m) => m.default)),
  },
  {
    path: paths.adminMessages,
    page: lazyPage(() => import('@/features/admin/inbox/MessagesPage').then((m) => m.default)),
  },
  {
    path: paths.adminOutbox,
    page: lazyPage(() => import('@/features/admin/outbox/OutboxPage').then((m) => m.default)),
  },
  {
    path: paths.adminJournal,
    page: lazyPage(() => import('@/features/admin/journal/JournalPage').then((m) => m.default)),
  },
  {
    path: paths.adminBin,
    page: lazyPage(() => import('@/features/admin/journal/BinPage').then((m) => m.default)),
  },
  {
    path: paths.adminVote,
    page: lazyPage(() => import('@/features/admin/vote/VoteRoundsPage').then((m) => m.default)),
  },
  {
    path: paths.adminRegie,
    page: lazyPage(() => import('@/features/admin/vote/RegiePage').then((m) => m.default)),
  },
  {
    path: paths.adminAuditions,
    page: lazyPage(() => import('@/features/admin/auditions/AuditionsPage').then((m) => m.default)),
  },
] satisfies RouteIn<'admin'>[];

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
  const publicParts: LazyHydrated[] = parts ? [Footer, PassLinks] : [];
  if (path === paths.home) return parts ? [HomeContent, ...publicParts] : [];
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
