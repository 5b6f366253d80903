/**
 * Typed errors of the data modules. Pages show `error.message`, always a French sentence from the
 * specification's catalogue (or a more precise one, e.g. for a duplicate).
 */
export type DataErrorKind =
  | 'duplicate' // unique violation (23505)
  | 'invalid' // check / not-null violation (23514, 23502, 22xxx)
  | 'not_found' // single-object request with no row (PGRST116)
  | 'forbidden' // RLS / privileges (42501), or an expired admin sign-in
  | 'auth' // bad credentials, no session
  | 'closed' // registration or reservation window closed, or registration full
  | 'limited' // too many attempts from this connection: the message says when to try again
  | 'network' // backend unreachable
  | 'unknown';

export class DataError extends Error {
  readonly kind: DataErrorKind;
  readonly code: string | undefined;
  /** Machine-readable reason given by a Postgres function (its HINT), e.g. 'registration_full'. */
  readonly reason: string | undefined;
  readonly details: unknown;

  constructor(
    kind: DataErrorKind,
    message: string,
    opts: { code?: string; reason?: string; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'DataError';
    this.kind = kind;
    this.code = opts.code;
    this.reason = opts.reason;
    this.details = opts.details;
  }
}

type PostgrestLike = {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
};

function isPostgrestLike(e: unknown): e is PostgrestLike {
  return typeof e === 'object' && e !== null && ('code' in e || 'message' in e);
}

/**
 * The database out of reach behind a live API (a restart, a failover): PostgREST's own
 * "could not connect" / "timed out waiting for a connection" (PGRST000-003, 503/504), a
 * connection error (08xxx), the server shutting down or starting (57P01-57P03), or a gateway's
 * 502/503/504 without a body. Nothing was done: the request may be sent again as it was (its id
 * makes it count once), and the door judges offline meanwhile
 * (docs/decisions/050-the-night-with-a-cut.md).
 */
const UNREACHABLE_CODES = /^(PGRST00[0-3]|08[0-9A-Z]{3}|57P0[1-3]|HTTP50[234])$/;

export function isNetworkFailure(e: unknown): boolean {
  if (!isPostgrestLike(e)) return false;
  if (e.code && UNREACHABLE_CODES.test(e.code)) return true;
  const msg = `${e.message ?? ''} ${e.details ?? ''}`;
  return (
    (e.code === '' || e.code === undefined) && /fetch|network|ECONNREFUSED|Load failed/i.test(msg)
  );
}

/**
 * Turns a supabase-js error into a DataError. `fallback` is the catalogue message for the
 * operation; `messages` may give more precise French messages per kind.
 */
export function toDataError(
  error: unknown,
  fallback: string,
  messages: Partial<Record<DataErrorKind, string>> = {},
): DataError {
  if (error instanceof DataError) return error;
  const pe = isPostgrestLike(error) ? error : {};
  const code = pe.code || undefined;
  const hint = pe.hint || undefined;
  let kind: DataErrorKind = 'unknown';
  if (isNetworkFailure(error)) kind = 'network';
  else if (code === '23505' || code === 'P409') kind = 'duplicate';
  else if (code === 'P429') kind = 'limited';
  else if (code === '23514' || code === '23502' || code?.startsWith('22')) kind = 'invalid';
  else if (code === 'PGRST116') kind = 'not_found';
  else if (code === '42501' || code === 'PGRST301') kind = 'forbidden';
  else if (hint?.startsWith('registration_') || hint?.startsWith('reservations_')) kind = 'closed';
  // A Postgres function that raises (P0001) or answers (P4xx, see private.refusal) a French
  // message with a hint speaks to the visitor directly.
  const own =
    (code === 'P0001' || /^P4\d\d$/.test(code ?? '')) && hint && pe.message
      ? pe.message
      : undefined;
  return new DataError(kind, messages[kind] ?? own ?? fallback, {
    code,
    reason: hint,
    details: error,
  });
}
