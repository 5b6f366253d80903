import { useQuery } from '@tanstack/react-query';
import { unhandledMessagesQuery } from '@/data/messages/queries';
import { useStaffRole } from '@/features/admin/workspace/use-staff-role';
import { adminPageTitle } from '@/lib/use-page-meta';

type NavItem = { to: string; label: string; end: boolean; badge?: 'messages' };

/** What every staff member of the administration reads (admins and readers). */
const READ_NAV: NavItem[] = [
  { to: '/admin', label: 'Tableau de bord', end: true },
  { to: '/admin/participants', label: 'Participants', end: false },
  { to: '/admin/reservations', label: 'Réservations', end: false },
  { to: '/admin/messages', label: 'Messages', end: false, badge: 'messages' },
  { to: '/admin/stats', label: 'Statistiques', end: false },
  { to: '/admin/presence', label: 'Présence', end: false },
];

/**
 * Admins only: the journal and the bin (the database refuses them to readers; reached by their
 * address, each page says it is reserved to admins).
 */
const ADMIN_NAV: NavItem[] = [
  { to: '/admin/journal', label: 'Journal', end: false },
  { to: '/admin/corbeille', label: 'Corbeille', end: false },
];

/** The settings: admins edit them, readers read them (read-only page, issue 27). */
const SETTINGS_NAV: NavItem = { to: '/admin/parametres', label: 'Paramètres', end: false };

/** The sidebar's links for the signed-in role (my_staff_role); the admins' ones once known. */
export function useNavForRole(): NavItem[] {
  const role = useStaffRole();
  if (role === 'admin') return [...READ_NAV, ...ADMIN_NAV, SETTINGS_NAV];
  return role === 'lecteur' ? [...READ_NAV, SETTINGS_NAV] : READ_NAV;
}

/**
 * The document title of a page of the menu ("Participants — Administration Booster Challenge");
 * undefined for the others (a participant's page sets its own: the participant's name).
 */
export function adminNavTitle(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const item = [...READ_NAV, ...ADMIN_NAV, SETTINGS_NAV].find((i) => i.to === path);
  return item && adminPageTitle(item.label);
}

/**
 * The count of unhandled messages beside "Messages": part of the link's name for screen
 * readers ("Messages 3 non traités"); nothing when there is none.
 */
export function UnhandledBadge() {
  const { data: count = 0 } = useQuery(unhandledMessagesQuery());
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
