import { getSupabase } from './supabase';
import { toDataError } from '@/lib/errors';
import { CheckedValues } from '../../../supabase/database.types';

/**
 * The staff roles (staff_roles.role): 'admin' writes, 'lecteur' reads lists and statistics only
 * (participants and reservations through their directory views, contacts masked), 'controle' is
 * door staff. Shared by every domain: which view a list reads depends on it
 * (docs/decisions/017-roles-and-door-window.md, docs/decisions/003-feature-folders-and-data-module.md).
 */
export type StaffRole = (typeof CheckedValues)['private.admins']['role'][number];

/** The staff roles, from private.admins' check constraint (generated with the types). */
const STAFF_ROLES = CheckedValues['private.admins'].role;

/** A role the database answered, or null for anything else. */
const asStaffRole = (value: unknown): StaffRole | null =>
  STAFF_ROLES.find((role) => role === value) ?? null;

let asked: { userId: string; role: Promise<StaffRole | null> } | undefined;

/**
 * The signed-in user's staff role (my_staff_role); null for anyone else. Asked once per signed-in
 * user. The administration hides what the role may not do; the database refuses it anyway.
 */
export async function getMyStaffRole(): Promise<StaffRole | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  // Nobody signed in: no role (anon may not even ask).
  if (!userId) return null;
  if (asked?.userId !== userId) {
    const role = (async () => {
      const { data: role, error } = await supabase.rpc('my_staff_role');
      if (error) throw toDataError(error, 'Erreur lors du chargement des droits');
      return asStaffRole(role);
    })();
    asked = { userId, role };
    // A failure is not kept: the next call asks again.
    role.catch(() => {
      if (asked?.role === role) asked = undefined;
    });
  }
  return asked.role;
}

/** The reader's masked lists; anyone else (or an unknown role) reads the tables, under RLS. */
export const readsDirectory = () =>
  getMyStaffRole().then(
    (role) => role === 'lecteur',
    () => false,
  );
