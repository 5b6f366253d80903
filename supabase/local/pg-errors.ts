import { HttpError } from './http.ts';

type PgError = {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
};

function isPgError(error: unknown): error is PgError & Error {
  return error instanceof Error && typeof (error as PgError).code === 'string';
}

/** PostgREST's HTTP status for a SQLSTATE. */
function statusForSqlState(code: string, role: string): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const head = code.slice(0, 2);
  if (head === '08' || head === '53') return 503;
  if (head === '0L' || head === '0P' || head === '28') return 403;
  if (
    [
      '09',
      '25',
      '2D',
      '2F',
      '39',
      '3B',
      '3D',
      '3F',
      '40',
      '54',
      '55',
      '57',
      '58',
      'F0',
      'HV',
      'P0',
      'XX',
    ].includes(head)
  ) {
    return 500;
  }
  return 400;
}

/**
 * The database out of reach, as PostgREST answers it: no connection (a socket error such as
 * ECONNREFUSED: PGRST000, 503), a connection the server ended (PGRST001, 503), no connection
 * free in time (PGRST003, 504). A restart of PostgreSQL gives these, and the app takes them as
 * the network (src/lib/errors.ts; docs/decisions/050-the-night-with-a-cut.md).
 */
function unreachable(error: Error): HttpError | null {
  const code = (error as { code?: unknown }).code;
  const answer = (status: number, pgrst: string, message: string) =>
    new HttpError(status, { code: pgrst, message, details: error.message, hint: null });
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return answer(503, 'PGRST000', 'Could not connect with the database');
  if (/^Connection terminated/.test(error.message))
    return answer(503, 'PGRST001', 'Database client error. Retrying the connection.');
  if (/^timeout exceeded when trying to connect/.test(error.message))
    return answer(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
  return null;
}

/** Turn a database error into PostgREST's JSON error; anything else becomes a 500. */
export function toHttpError(error: unknown, role: string): HttpError {
  if (error instanceof HttpError) return error;
  const down = error instanceof Error ? unreachable(error) : null;
  if (down) return down;
  if (isPgError(error)) {
    const code = error.code as string;
    return new HttpError(statusForSqlState(code, role), {
      code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(500, { code: 'LOCAL500', message, details: null, hint: null });
}
