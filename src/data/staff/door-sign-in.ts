import { getSupabase } from '@/data/shared/supabase';
import type { StaffRole } from '@/data/shared/staff-role';
import { DataError, isNetworkFailure, toDataError } from '@/lib/errors';
import {
  BAD_CREDENTIALS,
  EMAIL_NOT_CONFIRMED,
  LOGIN_FAILED,
  TOO_MANY_ATTEMPTS,
  signOutAdmin,
} from './admin-auth';

/**
 * The sign-in of door staff on the door's phone (docs/decisions/009-night-party-operations.md,
 * docs/decisions/017-roles-and-door-window.md): Supabase Auth, then the role, asked of the
 * database.
 */

/** The roles the database lets check passes in. */
export const DOOR_ROLES: readonly StaffRole[] = ['controle', 'admin'];

export const NOT_DOOR_STAFF = 'Ce compte n’a pas accès au contrôle des entrées.';

export type DoorStaff = { email: string; role: StaffRole | null };

type AuthErrorLike = { status?: number; code?: string };

/** A Supabase Auth refusal in the admin sign-in's words (./admin-auth.ts). */
function authRefusal(error: unknown): DataError {
  const e = (error ?? {}) as AuthErrorLike;
  if (e.code === 'email_not_confirmed') return new DataError('auth', EMAIL_NOT_CONFIRMED);
  if (e.code === 'over_request_rate_limit' || e.status === 429)
    return new DataError('auth', TOO_MANY_ATTEMPTS);
  // A banned account reads as a wrong password, as for the admins (nothing reveals the ban).
  const bad =
    ['invalid_credentials', 'invalid_grant', 'user_banned'].includes(e.code ?? '') ||
    e.status === 400;
  if (bad) return new DataError('auth', BAD_CREDENTIALS, { code: e.code, details: error });
  return new DataError(isNetworkFailure(error) ? 'network' : 'unknown', LOGIN_FAILED, {
    code: e.code,
    details: error,
  });
}

/**
 * Asked anew at each sign-in and page load, not through getMyStaffRole (its once-per-user answer
 * lives in a module the admin chunks share: importing it would add a chunk to the door's first
 * load).
 */
export async function staffRole(): Promise<StaffRole | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_staff_role');
  if (error) throw toDataError(error, LOGIN_FAILED);
  // private.admins' check constraint keeps a role one of StaffRole: the door page does not
  // carry the list itself (a public first load, docs/decisions/014-lighthouse-gate.md).
  return typeof data === 'string' ? (data as StaffRole) : null;
}

/**
 * Signs in with Supabase Auth, then asks the database for the role: anyone without one of `roles`
 * is signed out again and refused with `refusal` (the door's and the jury's sign-in).
 */
export async function signInWithRole(
  email: string,
  password: string,
  roles: readonly StaffRole[],
  refusal: string,
): Promise<{ email: string; userId: string; role: StaffRole }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw authRefusal(error);
  let role: StaffRole | null;
  try {
    role = await staffRole();
  } catch (e) {
    void signOutAdmin();
    throw e;
  }
  if (!role || !roles.includes(role)) {
    void signOutAdmin();
    throw new DataError('forbidden', refusal);
  }
  return { email: data.session.user.email ?? email, userId: data.session.user.id, role };
}

/** Door staff (`controle`) and admins may check in; anyone else is refused with NOT_DOOR_STAFF. */
export async function signInDoor(email: string, password: string): Promise<DoorStaff> {
  const { email: signedIn, role } = await signInWithRole(
    email,
    password,
    DOOR_ROLES,
    NOT_DOOR_STAFF,
  );
  return { email: signedIn, role };
}

/**
 * Who is signed in on this phone: null without a session. `role` is null for an account that is
 * not staff (or signed in more than 24 hours ago). Offline, a kept session is trusted as door
 * staff (role 'controle'): the database checks every check-in anyway, and the scans are queued.
 */
export async function getDoorStaff(): Promise<DoorStaff | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) return null;
  const email = data.session.user.email ?? '';
  try {
    return { email, role: await staffRole() };
  } catch (e) {
    if (e instanceof DataError && e.kind === 'network') return { email, role: 'controle' };
    throw e;
  }
}

export const signOutDoor = signOutAdmin;
