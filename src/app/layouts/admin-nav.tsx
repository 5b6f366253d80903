import { useQuery } from '@tanstack/react-query';
import { unhandledMessagesQuery } from '@/data/inbox/queries';
import { useStaffRole } from '@/features/admin/workspace/use-staff-role';
import * as paths from '@/config/route-paths';
import type { MenuLink } from '@/config/route-manifest';
import { adminPageTitle } from '@/lib/use-page-meta';

type NavItem = { to: string; label: string; end: boolean; badge?: 'messages' };

/**
 * The sidebar. `shownTo`: every staff member (`staff`, also while the role loads), a known role
 * (`known`: the settings and the auditions, that admins act on and readers read), admins only
 * (`admins`: the journal and the bin, that the database refuses to readers), or admins and the
 * régie (`regie`: the public vote's control desk, the régie's only page).
 */
const ADMIN_MENU: (MenuLink & {
  shownTo: 'staff' | 'known' | 'admins' | 'regie';
  badge?: 'messages';
})[] = [
  { to: paths.admin, label: 'Tableau de bord', end: true, shownTo: 'staff' },
  { to: paths.adminParticipants, label: 'Participants', shownTo: 'staff' },
  { to: paths.adminReservations, label: 'Réservations', shownTo: 'staff' },
  { to: paths.adminMessages, label: 'Messages', shownTo: 'staff', badge: 'messages' },
  { to: paths.adminOutbox, label: 'Envois', shownTo: 'admins' },
  { to: paths.adminStats, label: 'Statistiques', shownTo: 'staff' },
  { to: paths.adminAttendance, label: 'Présence', shownTo: 'staff' },
  { to: paths.adminAuditions, label: 'Auditions', shownTo: 'known' },
  { to: paths.adminJournal, label: 'Journal', shownTo: 'admins' },
  { to: paths.adminBin, label: 'Corbeille', shownTo: 'admins' },
  { to: paths.adminVote, label: 'Vote du public', shownTo: 'admins' },
  { to: paths.adminRegie, label: 'Régie', shownTo: 'regie' },
  { to: paths.adminSettings, label: 'Paramètres', shownTo: 'known' },
];

const NAV = ADMIN_MENU.map((item) => ({ ...item, end: item.end ?? false }));

/**
 * The sidebar's links for the signed-in role (my_staff_role): the régie's one page for a régie
 * account; the journal and the bin for admins only (the database refuses them to readers; reached by their address, each page says it is
 * reserved to admins); the settings once the role is known (admins edit them, readers read them,
 * issue 27).
 */
export function useNavForRole(): NavItem[] {
  return navFor(useStaffRole());
}

/** The sidebar's links for `role` (undefined while it loads, null for no staff role). */
export function navFor(role: string | null | undefined): NavItem[] {
  if (role === 'regie') return NAV.filter((item) => item.shownTo === 'regie');
  return NAV.filter(
    (item) =>
      item.shownTo === 'staff' ||
      (item.shownTo === 'regie' && role === 'admin') ||
      (item.shownTo === 'known' && (role === 'admin' || role === 'lecteur')) ||
      (item.shownTo === 'admins' && role === 'admin'),
  );
}

/**
 * The document title of a page of the menu ("Participants — Administration Booster Challenge");
 * undefined for the others (a participant's page sets its own: the participant's name).
 */
export function adminNavTitle(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const item = NAV.find((i) => i.to === path);
  return item && adminPageTitle(item.label);
}

/**
 * The count of unhandled messages beside "Messages": part of the link's name for screen
 * readers ("Messages 3 non traités"); nothing when there is none.
 */
export function UnhandledBadge() {
  // Asked once the role is known to read messages (the régie's nav has no "Messages").
  const role = useStaffRole();
  const { data: count = 0 } = useQuery({
    ...unhandledMessagesQuery(),
    enabled: role === 'admin' || role === 'lecteur',
  });
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-brand-900">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {count} non traité{count > 1 ? 's' : ''}
      </span>
    </span>
  );
}
