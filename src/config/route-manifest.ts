/**
 * The route manifest: every page of the site once, with its path (./route-paths.ts, the part the
 * browser carries), the layout around it, the module of its page (its chunk), whether the build
 * writes it as static HTML and whether its first load has a budget. The router and the first-load
 * preloader (src/app/routes.ts: the lazy pages, grouped by these layouts), the header, the footer,
 * the error page and the admin nav (their links' paths), the prerender (build/prerender.ts), the
 * bundle budget (build/bundle-budget.ts), the lint rule refusing a route path written anywhere
 * else in src/ (eslint/route-paths.js) and the tests all read it.
 * docs/decisions/004-first-load-budget-declarative-router.md
 *
 * Plain data: Node (the build, ESLint) imports it as it is.
 */
import * as paths from './route-paths.ts';

/** A route's name: its path is `paths[key]` (./route-paths.ts). */
type RouteKey = {
  [K in keyof typeof paths]: (typeof paths)[K] extends string ? K : never;
}[keyof typeof paths];

/** Where a page sits: inside the public layout (header, footer), alone, or in the admin's. */
export type RouteLayout = 'public' | 'standalone' | 'admin';

export type Route = {
  path: string;
  layout: RouteLayout;
  /** The page's module, from the project's root: its chunk, loaded on demand. */
  page: string;
  /** The page is in the entry chunk instead (the home page: every first visit needs it). */
  entry?: true;
  /** Written as static HTML by the build (build/prerender.ts). */
  prerender?: true;
  /** Its first load is measured and limited (build/bundle-budget.ts). */
  budget?: true;
};

/**
 * Every route once: its path, its layout, its page's module and what the build does with it. The
 * browser never reads this (only its types): the bundler leaves it out of every chunk.
 */
export const ROUTES = {
  home: {
    path: paths.home,
    layout: 'public',
    page: 'src/features/home/HomePage.tsx',
    entry: true,
    prerender: true,
    budget: true,
  },
  registration: {
    path: paths.registration,
    layout: 'public',
    page: 'src/features/registration/RegistrationPage.tsx',
    prerender: true,
    budget: true,
  },
  faq: {
    path: paths.faq,
    layout: 'public',
    page: 'src/features/faq/FaqPage.tsx',
    prerender: true,
    budget: true,
  },
  contact: {
    path: paths.contact,
    layout: 'public',
    page: 'src/features/contact/ContactPage.tsx',
    prerender: true,
    budget: true,
  },
  registrationSuccess: {
    path: paths.registrationSuccess,
    layout: 'public',
    page: 'src/features/registration/RegistrationSuccessPage.tsx',
    prerender: true,
    budget: true,
  },
  nightParty: {
    path: paths.nightParty,
    layout: 'public',
    page: 'src/features/reservation/NightPartyPage.tsx',
    prerender: true,
    budget: true,
  },
  reservationSuccess: {
    path: paths.reservationSuccess,
    layout: 'public',
    page: 'src/features/reservation/ReservationSuccessPage.tsx',
    prerender: true,
    budget: true,
  },
  rules: {
    path: paths.rules,
    layout: 'public',
    page: 'src/features/rules/RulesPage.tsx',
    prerender: true,
    budget: true,
  },
  // The final's published results (docs/decisions/049-results-and-certificates.md).
  results: {
    path: paths.results,
    layout: 'public',
    page: 'src/features/results/ResultsPage.tsx',
    prerender: true,
    budget: true,
  },
  // A parameter: served the SPA shell, rendered in the browser.
  pass: {
    path: paths.pass,
    layout: 'public',
    page: 'src/features/reservation/pass/PassPage.tsx',
    budget: true,
  },
  // The public vote's way in (the stage screen's QR code): the last pass used on this phone, or
  // a field for its code.
  vote: {
    path: paths.vote,
    layout: 'public',
    page: 'src/features/vote/VotePage.tsx',
    prerender: true,
    budget: true,
  },
  adminLogin: {
    path: paths.adminLogin,
    layout: 'standalone',
    page: 'src/features/admin/auth/AdminLoginPage.tsx',
  },
  // The Night Party's door check-in (door staff), with its own sign-in: no admin code, limited
  // too (its camera scanner loads when the camera opens).
  door: {
    path: paths.door,
    layout: 'standalone',
    page: 'src/features/door/DoorPage.tsx',
    budget: true,
  },
  // The auditions' scorecards (judges, role `jury`, and admins), with their own sign-in; kept on
  // the device to open again without a network (build/offline-pages.ts).
  jury: {
    path: paths.jury,
    layout: 'standalone',
    page: 'src/features/jury/JuryPage.tsx',
  },
  // The public vote on the stage's projector: public, nothing personal, alone on the screen.
  stageScreen: {
    path: paths.stageScreen,
    layout: 'standalone',
    page: 'src/features/vote/screen/ScreenPage.tsx',
    budget: true,
  },
  admin: {
    path: paths.admin,
    layout: 'admin',
    page: 'src/features/admin/dashboard/DashboardPage.tsx',
  },
  adminParticipants: {
    path: paths.adminParticipants,
    layout: 'admin',
    page: 'src/features/admin/participants/ParticipantsPage.tsx',
  },
  adminParticipant: {
    path: paths.adminParticipant,
    layout: 'admin',
    page: 'src/features/admin/participants/ParticipantDetailPage.tsx',
  },
  adminStats: {
    path: paths.adminStats,
    layout: 'admin',
    page: 'src/features/admin/stats/StatsPage.tsx',
  },
  adminReservations: {
    path: paths.adminReservations,
    layout: 'admin',
    page: 'src/features/admin/reservations/ReservationsPage.tsx',
  },
  adminAttendance: {
    path: paths.adminAttendance,
    layout: 'admin',
    page: 'src/features/admin/door/AttendancePage.tsx',
  },
  adminSettings: {
    path: paths.adminSettings,
    layout: 'admin',
    page: 'src/features/admin/settings/SettingsPage.tsx',
  },
  adminMessages: {
    path: paths.adminMessages,
    layout: 'admin',
    page: 'src/features/admin/inbox/MessagesPage.tsx',
  },
  // The messages the site sends (SMS, WhatsApp, e-mail) from the database's outbox: admins only.
  adminOutbox: {
    path: paths.adminOutbox,
    layout: 'admin',
    page: 'src/features/admin/outbox/OutboxPage.tsx',
  },
  adminJournal: {
    path: paths.adminJournal,
    layout: 'admin',
    page: 'src/features/admin/journal/JournalPage.tsx',
  },
  adminBin: {
    path: paths.adminBin,
    layout: 'admin',
    page: 'src/features/admin/journal/BinPage.tsx',
  },
  adminVote: {
    path: paths.adminVote,
    layout: 'admin',
    page: 'src/features/admin/vote/VoteRoundsPage.tsx',
  },
  // The public vote's control desk: admins and the régie (the only page a régie account sees).
  adminRegie: {
    path: paths.adminRegie,
    layout: 'admin',
    page: 'src/features/admin/vote/RegiePage.tsx',
  },
  // The auditions: sessions, their judges and lock, the results and the preselection (admins;
  // readers read them).
  adminAuditions: {
    path: paths.adminAuditions,
    layout: 'admin',
    page: 'src/features/admin/auditions/AuditionsPage.tsx',
  },
} as const satisfies Record<RouteKey, Route>;

/** The routes whose page sits in `layout` and is a chunk of its own (the router's lists). */
export type LazyRouteIn<L extends RouteLayout> = {
  [K in RouteKey]: (typeof ROUTES)[K] extends { layout: L; entry?: undefined } ? K : never;
}[RouteKey];

/**
 * The other modules the router loads on demand: the error page (an unknown path, a render error)
 * and the administration's layout.
 */
export const ERROR_PAGE = 'src/features/errors/ErrorPage.tsx';
export const ADMIN_LAYOUT = 'src/app/layouts/AdminLayout.tsx';

/**
 * A link of a menu (the header, the footer, the error page, the admin nav): its path, from
 * ./route-paths.ts, and its label, the specification's word. Each menu is declared in the module
 * that draws it, so its labels travel in that module's chunk: the header's in the entry, the
 * footer's, the error page's and the admin nav's in theirs. `end`: active on its own path only.
 */
export type MenuLink = { to: string; label: string; end?: boolean };
