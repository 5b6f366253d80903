import { getEnv } from '@/config/env';
import { getSupabase, SUPABASE_AUTH_STORAGE_KEY } from '@/data/shared/supabase';
import { DataError, isNetworkFailure } from '@/lib/errors';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect';
export const LOGIN_FAILED = 'Une erreur est survenue lors de la connexion';
const NOT_AN_ADMIN = 'Ce compte n’a pas accès à l’espace administration.';
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
 * and the user is signed out again, unless the database names them the régie (`regie: true`,
 * whose one page is the public vote's control desk) or a judge (`jury: true`, sent to the jury's
 * page). Returns the signed-in e-mail.
 */
export async function signInAdmin(
  email: string,
  password: string,
): Promise<{ email: string; regie?: true; jury?: true }> {
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
  // The régie (the public vote's control desk) sees no setting, only its one page: its role says
  // it is staff (docs/decisions/030-public-vote.md).
  if (!check.error && !check.data?.length) {
    const role = await supabase.rpc('my_staff_role');
    if (!role.error && role.data === 'regie')
      return { email: data.session.user.email ?? email, regie: true };
    // A judge's page is the jury's own (/jury, with its session kept): docs/decisions/031-jury-scorecards.md.
    if (!role.error && role.data === 'jury')
      return { email: data.session.user.email ?? email, jury: true };
  }
  if (check.error || !check.data?.length) {
    void signOutAdmin();
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

/**
 * Ends the staff session of this browser at once, then asks the server to revoke it; the promise
 * says when the server has answered (or could not be reached) and never rejects.
 * docs/decisions/015-sign-out-this-device-at-once.md: supabase-js removes its stored session only
 * after the server's answer, so a slow network held "Déconnexion" and an offline one left the
 * phone signed in; and its default scope ('global') would end the other doors' sessions of a
 * shared door account. So the stored session is removed here first, and only this session
 * ('local') is revoked, with its own token, in a request that outlives the page (keepalive).
 */
export function signOutAdmin(): Promise<void> {
  const stored = removeStoredSession();
  // Without localStorage, supabase-js kept the session in memory: only it can end that one.
  if (stored === 'no-storage')
    return getSupabase()
      .then((supabase) => supabase.auth.signOut({ scope: 'local' }))
      .then(
        () => undefined,
        () => undefined,
      );
  if (!stored) return Promise.resolve();
  const { supabaseUrl, supabaseAnonKey } = getEnv();
  return fetch(`${supabaseUrl}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${stored}` },
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Removes the Supabase session stored in this browser; returns its access token, null when there
 * was none, or 'no-storage' when localStorage cannot be used (blocked by the browser).
 */
function removeStoredSession(): string | null | 'no-storage' {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SUPABASE_AUTH_STORAGE_KEY);
    localStorage.removeItem(SUPABASE_AUTH_STORAGE_KEY);
    localStorage.removeItem(`${SUPABASE_AUTH_STORAGE_KEY}-code-verifier`);
  } catch {
    return 'no-storage';
  }
  try {
    const token = (JSON.parse(raw ?? 'null') as { access_token?: unknown } | null)?.access_token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null; // a malformed entry, removed all the same
  }
}

/** The e-mail of the current Supabase session in this browser, or null when there is none. */
export async function getAuthSessionEmail(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (error || !data.session) return null;
  return data.session.user.email ?? null;
}
