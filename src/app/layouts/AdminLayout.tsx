import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { clearAdminSession, readAdminSession } from '@/lib/admin-session';
import { ADMIN_SESSION_TOASTS, notify } from '@/lib/toast';
import { getAuthSessionEmail, signOutAdmin } from '@/data/staff/admin-auth';
import { AdminQueryProvider } from '@/features/admin/workspace/AdminQueryProvider';
import { adminQueryClient } from '@/features/admin/workspace/query-client';
import { PageForRole } from '@/features/admin/workspace/PageForRole';
import { PurgeBanner } from '@/features/admin/settings/PurgeBanner';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { focusElement, keepTabInside } from '@/lib/move-focus';
import { adminNavTitle, UnhandledBadge, useNavForRole } from './admin-nav';
import * as paths from '@/config/route-paths';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

/** The sidebar's links for the signed-in role, "Messages" with its unhandled count. */
function NavItems({ onNavigate }: { onNavigate: () => void }) {
  const nav = useNavForRole();
  return (
    <ul className="space-y-1 lg:space-y-0.5">
      {nav.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium lg:min-h-9 lg:py-1.5 ${focusRing} ${
                isActive ? 'bg-white text-brand-900' : 'text-white hover:bg-brand-700'
              }`
            }
          >
            {item.label}
            {item.badge === 'messages' && (
              <>
                {' '}
                <UnhandledBadge />
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Ends both sessions (ours and Supabase's) in this browser at once, the server being told in the
 * background (signOutAdmin), and forgets the data the admin pages had cached (the next sign-in
 * starts from the server). The caller leaves the admin pages in the same event, so none of them
 * asks for its data again without a session.
 */
function endSessions() {
  clearAdminSession();
  void signOutAdmin();
  adminQueryClient.clear();
}

/** "Aller au contenu": the focus goes to the page's <main> (read from its start, the banner first). */
function skipToContent(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('contenu');
  if (!main) return;
  event.preventDefault();
  focusElement(main);
}

/** The drawer is for narrow screens (below Tailwind's lg); growing past it closes the drawer. */
const WIDE = '(min-width: 64rem)';

/**
 * The administration area: guard, sidebar (a modal drawer on phones), logout. Every /admin page needs
 * a valid `admin_session` (under 24 hours) and a Supabase session; otherwise the visitor is
 * signed out and sent to /admin/login. The database checks the same on every request.
 * The pages read and write through TanStack Query (AdminQueryProvider): it is part of the admin
 * chunks only, never of a public first load (docs/decisions/008-admin-data-layer.md).
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [email, setEmail] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  /** Set when the drawer closes by Escape, its close button, the overlay or a link. */
  const backToMenuButton = useRef(false);
  useDocumentTitle(adminNavTitle(pathname));

  useEffect(() => {
    let active = true;
    const leave = () => {
      endSessions();
      navigate(paths.adminLogin, { replace: true });
    };
    const session = readAdminSession();
    if (!session) {
      leave();
      return;
    }
    getAuthSessionEmail().then(
      (authEmail) => {
        if (!active) return;
        if (authEmail) setEmail(session.email);
        else leave();
      },
      () => active && leave(),
    );
    return () => {
      active = false;
    };
  }, [pathname, navigate]);

  /*
   * The drawer is modal (issue 15): focus goes into it (its close button), the rest of the page is
   * inert while it is open, and closing it brings the focus back to the menu button. A link
   * followed from it then moves the focus on to the new page's h1 (src/app/RouteFocus.tsx).
   */
  useEffect(() => {
    if (!drawerOpen) {
      if (backToMenuButton.current) menuButton.current?.focus();
      backToMenuButton.current = false;
      return;
    }
    drawer.current?.querySelector<HTMLElement>('button')?.focus();
    const close = () => {
      backToMenuButton.current = true;
      setDrawerOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && close();
    // Absent from jsdom (the component tests).
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
    const onResize = () => wide?.matches && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onResize);
    };
  }, [drawerOpen]);

  const closeDrawer = () => {
    if (!drawerOpen) return;
    backToMenuButton.current = true;
    setDrawerOpen(false);
  };

  const logout = () => {
    endSessions();
    notify.success('Déconnexion réussie', ADMIN_SESSION_TOASTS);
    navigate(paths.adminLogin, { replace: true });
  };

  if (!email) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <p role="status" className="text-gray-700">
          Vérification de la session…
        </p>
      </main>
    );
  }

  const sidebar = (closeButton?: ReactNode) => (
    // Only the links scroll, when a short window cannot hold them: the header and the two
    // buttons below stay in view, "Déconnexion" first of all (issue 40; at 1280×800 it was
    // below the fold of a sidebar that scrolled as a whole).
    <div className="flex h-full flex-col gap-4 bg-brand-900 p-4 text-white">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="h-10 w-auto lg:h-8" />
          <p className="mt-2 text-sm text-blue-100 lg:mt-1">Administration</p>
          <p className="mt-1 truncate text-xs text-blue-100" title={email}>
            {email}
          </p>
        </div>
        {closeButton}
      </div>
      {/* The side padding keeps the links' focus rings inside the scrolling box. */}
      <nav aria-label="Administration" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1 py-1">
        <NavItems onNavigate={closeDrawer} />
      </nav>
      <div className="shrink-0 space-y-2">
        <Link
          to={paths.home}
          className={`flex min-h-11 items-center justify-center rounded-lg border border-blue-200 px-3 py-2 font-medium hover:bg-brand-700 lg:min-h-10 lg:py-1.5 ${focusRing}`}
        >
          Retour au site
        </Link>
        {/* aria-disabled, not disabled, while signing out: a disabled button drops the focus. */}
        <button
          type="button"
          onClick={logout}
          className={`block min-h-11 w-full rounded-lg bg-accent-400 px-3 py-2 font-semibold text-brand-900 hover:bg-accent-500 lg:min-h-10 lg:py-1.5 ${focusRing}`}
        >
          Déconnexion
        </button>
      </div>
    </div>
  );

  return (
    <AdminQueryProvider>
      <div className="min-h-dvh bg-gray-50 lg:flex">
        {/* The first Tab stop of every admin page (issue 27): past the sidebar's links to the
            page itself, as on the public pages. */}
        <a
          href="#contenu"
          onClick={skipToContent}
          inert={drawerOpen}
          className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
        >
          Aller au contenu
        </a>
        <header
          inert={drawerOpen}
          className="flex flex-wrap items-center justify-between gap-2 bg-brand-900 px-4 py-3 text-white lg:hidden"
        >
          <p className="flex min-w-0 flex-wrap items-center gap-x-2">
            <Logo
              logo={CHALLENGE_LOGO}
              alt="Booster Challenge"
              className="h-9 w-auto max-w-full object-contain object-left"
            />
            <span className="text-sm font-semibold text-blue-100">Admin</span>
          </p>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={drawerOpen}
            aria-controls="admin-drawer"
            onClick={() => setDrawerOpen(true)}
            className={`min-h-11 rounded-lg border border-blue-200 px-3 py-1.5 text-sm font-medium ${focusRing}`}
          >
            Menu
          </button>
        </header>
        {drawerOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="absolute inset-0 size-full bg-black/50"
              onClick={closeDrawer}
            />
            {/* The keyboard handling of a modal (the Tab loop) belongs on the dialog itself. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
            <div
              ref={drawer}
              id="admin-drawer"
              role="dialog"
              aria-modal="true"
              aria-label="Menu de l’administration"
              onKeyDown={keepTabInside}
              className="absolute inset-y-0 left-0 w-72 max-w-[85%] shadow-xl"
            >
              {sidebar(
                <button
                  type="button"
                  onClick={closeDrawer}
                  className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg border border-blue-200 ${focusRing}`}
                >
                  <span className="sr-only">Fermer le menu</span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>,
              )}
            </div>
          </div>
        )}
        <aside
          inert={drawerOpen}
          className="hidden w-64 shrink-0 lg:sticky lg:top-0 lg:block lg:h-dvh"
        >
          {sidebar()}
        </aside>
        <main id="contenu" inert={drawerOpen} className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          {/* A scheduled purge, on every page, for every admin (docs/decisions/018-…). */}
          <PurgeBanner />
          <PageForRole pathname={pathname} />
        </main>
      </div>
    </AdminQueryProvider>
  );
}
