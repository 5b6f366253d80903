import { getSupabase } from '@/data/shared/supabase';
import type { StaffRole } from '@/data/shared/staff-role';
import { DataError } from '@/lib/errors';
import { signOutAdmin } from './admin-auth';
import { signInWithRole, staffRole } from './door-sign-in';

/**
 * The judges' sign-in on their phone or tablet (/jury), as the door's (./door-sign-in.ts):
 * Supabase Auth, then the role asked of the database. docs/decisions/031-jury-scorecards.md
 */

/** The roles the database lets score auditions (an admin only in the sessions they judge). */
export const JURY_ROLES: readonly StaffRole[] = ['jury', 'admin'];

export const NOT_JURY = 'Ce compte n’a pas accès au jury des auditions.';

/** `userId` keys the cards kept on the device: two judges sharing a tablet never mix them. */
export type JuryStaff = { email: string; userId: string; role: StaffRole | null };

/** Signs in, then checks the role: anyone but a judge or an admin is signed out and refused. */
export const signInJury = (email: string, password: string): Promise<JuryStaff> =>
  signInWithRole(email, password, JURY_ROLES, NOT_JURY);

/**
 * Who is signed in on this device: null without a session. Offline, a kept session is trusted as
 * a judge (role 'jury'): the page then works from what it kept, and the database checks every
 * card when it is sent.
 */
export async function getJuryStaff(): Promise<JuryStaff | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) return null;
  const email = data.session.user.email ?? '';
  const userId = data.session.user.id;
  try {
    return { email, userId, role: await staffRole() };
  } catch (e) {
    if (e instanceof DataError && e.kind === 'network') return { email, userId, role: 'jury' };
    throw e;
  }
}

export const signOutJury = signOutAdmin;
