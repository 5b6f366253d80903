import { getSupabase } from '@/lib/supabase';
import { DataError, isNetworkFailure } from '@/lib/errors';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect';
export const LOGIN_FAILED = 'Une erreur est survenue lors de la connexion';
export const NOT_AN_ADMIN = 'Ce compte n’a pas accès à l’espace administration.';
export const EMAIL_NOT_CONFIRMED =
  'L’adresse e-mail de ce compte n’est pas confirmée : confirmez-la (tableau de bord Supabase, Authentication) puis réessayez.';
export const TOO_MANY_ATTEMPTS =
  'Trop de tentatives de connexion : patientez quelques minutes puis réessayez.';

/**
 * Supabase Auth refusals that are not a wrong password, each with what to do about it. A banned
 * account is not among them: Supabase Auth says `user_banned` before it checks the password, so
 * telling it apart would reveal the ban to anyone who knows the e-mail; it reads as a wrong
 * password.
 */
const AUTH_REFUSALS: Record<string, string> = {
  email_not_confirmed: EMAIL_NOT_CONFIRMED,
  over_request_rate_limit: TOO_MANY_ATTEMPTS,
};

type AuthErrorLike = { status?: number; code?: string; name?: string; message?: string };

/**
 * Signs in with Supabase Auth, then asks the database whether this user is an administrator:
 * `contest_settings` is only visible to admins (RLS), so an empty answer means "not an admin"
 * and the user is signed out again. Returns the signed-in e-mail.
 */
export async function signInAdmin(email: string, password: string): Promise<{ email: string }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.session) {
    const e = (error ?? {}) as AuthErrorLike;
    const refusal = e.code ? AUTH_REFUSALS[e.code] : undefined;
    if (refusal) throw new DataError('auth', refusal, { code: e.code, details: error });
    if (e.status === 429) throw new DataError('auth', TOO_MANY_ATTEMPTS, { details: error });
    const badCredentials =
      e.code === 'invalid_credentials' ||
      e.code === 'invalid_grant' ||
      e.code === 'user_banned' ||
      e.status === 400;
    throw new DataError(
      badCredentials ? 'auth' : isNetworkFailure(error) ? 'network' : 'unknown',
      badCredentials ? BAD_CREDENTIALS : LOGIN_FAILED,
      { code: e.code, details: error },
    );
  }

  const check = await supabase.from('contest_settings').select('id').limit(1);
  if (check.error || !check.data?.length) {
    await signOutAdmin();
    if (check.error && !['42501', 'PGRST301'].includes(check.error.code)) {
      throw new DataError('unknown', LOGIN_FAILED, {
        code: check.error.code,
        details: check.error,
      });
    }
    throw new DataError('forbidden', NOT_AN_ADMIN);
  }
  return { email: data.session.user.email ?? email };
}

/** Ends the Supabase session (on the server when reachable, always in this browser). */
export async function signOutAdmin(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) await supabase.auth.signOut({ scope: 'local' });
}

/** The e-mail of the current Supabase session in this browser, or null when there is none. */
export async function getAuthSessionEmail(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error || !data.session) return null;
  return data.session.user.email ?? null;
}
