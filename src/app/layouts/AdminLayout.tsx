import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { clearAdminSession, readAdminSession } from '@/lib/admin-session';
import { notify } from '@/lib/toast';
import { getAuthSessionEmail, signOutAdmin } from '@/data/admin-auth';
import { AdminQueryProvider } from '@/features/admin/shared/AdminQueryProvider';
import { adminQueryClient } from '@/features/admin/shared/query-client';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { UnhandledBadge, useNavForRole } from './admin-nav';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400';

/** The sidebar's links for the signed-in role, "Messages" with its unhandled count. */
function NavItems({ onNavigate }: { onNavigate: () => void }) {
  const nav = useNavForRole();
  return (
    <ul className="space-y-1">
      {nav.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 font-medium ${focusRing} ${
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
 * Ends both sessions (ours and Supabase's) without waiting for the server, and forgets the data
 * the admin pages had cached (the next sign-in starts from the server).
 */
function endSessions() {
  clearAdminSession();
  adminQueryClient.clear();
  return signOutAdmin().catch(() => undefined);
}

/**
 * The administration area: guard, sidebar (a drawer on phones), logout. Every /admin page needs
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
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    let active = true;
    const leave = () => {
      void endSessions();
      navigate('/admin/login', { replace: true });
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

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const logout = async () => {
    setLeaving(true);
    await endSessions();
    notify.success('Déconnexion réussie');
    navigate('/admin/login', { replace: true });
  };

  if (!email) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <p role="status" className="text-gray-700">
          Vérification de la session...
        </p>
      </main>
    );
  }

  const sidebar = (
    <div className="flex h-full flex-col gap-6 bg-brand-900 p-4 text-white">
      <div>
        <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="h-10 w-auto" />
        <p className="mt-2 text-sm text-blue-100">Administration</p>
        <p className="mt-1 truncate text-xs text-blue-100" title={email}>
          {email}
        </p>
      </div>
      <nav aria-label="Administration">
        <NavItems onNavigate={() => setDrawerOpen(false)} />
      </nav>
      <div className="mt-auto space-y-2">
        <Link
          to="/"
          className={`flex min-h-11 items-center justify-center rounded-lg border border-blue-200 px-3 py-2 font-medium hover:bg-brand-700 ${focusRing}`}
        >
          Retour au site
        </Link>
        <button
          type="button"
          onClick={logout}
          disabled={leaving}
          className={`block min-h-11 w-full rounded-lg bg-accent-400 px-3 py-2 font-semibold text-brand-900 hover:bg-accent-500 disabled:opacity-70 ${focusRing}`}
        >
          Déconnexion
        </button>
      </div>
    </div>
  );

  return (
    <AdminQueryProvider>
      <div className="min-h-dvh bg-gray-50 lg:flex">
        <header className="flex items-center justify-between bg-brand-900 px-4 py-3 text-white lg:hidden">
          <p className="flex items-center gap-2">
            <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="h-9 w-auto" />
            <span className="text-sm font-semibold text-blue-100">Admin</span>
          </p>
          <button
            type="button"
            aria-expanded={drawerOpen}
            aria-controls="admin-drawer"
            onClick={() => setDrawerOpen((o) => !o)}
            className={`min-h-11 rounded-lg border border-blue-200 px-3 py-1.5 text-sm font-medium ${focusRing}`}
          >
            {drawerOpen ? 'Fermer le menu' : 'Menu'}
          </button>
        </header>
        {drawerOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="absolute inset-0 size-full bg-black/50"
              onClick={() => setDrawerOpen(false)}
            />
            <aside
              id="admin-drawer"
              className="absolute inset-y-0 left-0 w-72 max-w-[85%] shadow-xl"
            >
              {sidebar}
            </aside>
          </div>
        )}
        <aside className="hidden w-64 shrink-0 lg:sticky lg:top-0 lg:block lg:h-dvh">
          {sidebar}
        </aside>
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </AdminQueryProvider>
  );
}
