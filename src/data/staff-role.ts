import { getSupabase } from '@/lib/supabase';
import { toDataError } from '@/lib/errors';
import { CheckedValues } from '../../supabase/database.types';
import type { StaffRole } from './door';

export type { StaffRole };

/** The staff roles, from private.admins' check constraint (generated with the types). */
const STAFF_ROLES = CheckedValues['private.admins'].role;

/** A role the database answered, or null for anything else. */
const asStaffRole = (value: unknown): StaffRole | null =>
  STAFF_ROLES.find((role) => role === value) ?? null;

let asked: { userId: string; role: Promise<StaffRole | null> } | undefined;

/**
 * The signed-in user's staff role (my_staff_role): 'admin' writes, 'lecteur' reads lists and
 * statistics only (participants through participant_directory, contacts masked), 'controle' is
 * door staff; null for anyone else. Asked once per signed-in user. The administration hides what
 * the role may not do; the database refuses it anyway.
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
