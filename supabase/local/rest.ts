import type { IncomingMessage } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { headerValue, notImplemented, restError, type Reply } from './http.ts';
import { toHttpError } from './pg-errors.ts';
import { handleRpc } from './postgrest/rpc.ts';
import { ident } from './postgrest/sql.ts';
import { handleTable } from './postgrest/tables.ts';
import type { RestContext } from './postgrest/respond.ts';
import { authenticate } from './request-auth.ts';

/**
 * `/rest/v1/*` with PostgREST's semantics: authenticate, then in one transaction switch to the
 * caller's role, expose the JWT claims to SQL, run the request; any error rolls back.
 */
export async function handleRest(
  db: PGlite,
  req: IncomingMessage,
  path: string,
  body: string,
): Promise<Reply> {
  const caller = await authenticate(req);
  const method = req.method ?? 'GET';
  checkProfile(headerValue(req, 'accept-profile'));
  checkProfile(headerValue(req, 'content-profile'));
  const accept = headerValue(req, 'accept') ?? '';
  if (/text\/csv|geo\+json|octet-stream|vnd\.pgrst\.plan|openapi/.test(accept)) {
    throw notImplemented(`Accept: ${accept}`);
  }
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const isRpc = segments[0] === 'rpc' && segments.length === 2;
  if (segments.length === 0) throw notImplemented('the OpenAPI description at /rest/v1/');
  if (!isRpc && segments.length !== 1) throw notImplemented(`the path /rest/v1${path}`);

  try {
    return await db.transaction(async (tx) => {
      await tx.query(`set local role ${ident(caller.role)}`);
      await tx.query(
        `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                set_config('request.jwt.claim.role', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true)`,
        [
          JSON.stringify(caller.claims),
          String(caller.claims.sub ?? ''),
          caller.role,
          method,
          `/rest/v1${path}`,
        ],
      );
      const ctx: RestContext = {
        tx,
        method,
        query: new URL(req.url ?? '/', 'http://local').searchParams,
        prefer: headerValue(req, 'prefer'),
        wantsObject: accept.includes('application/vnd.pgrst.object+json'),
        json: () => parseBody(body),
      };
      return isRpc ? handleRpc(ctx, segments[1]) : handleTable(ctx, segments[0]);
    });
  } catch (error) {
    throw toHttpError(error, caller.role);
  }
}

function checkProfile(profile: string | undefined): void {
  if (profile && profile !== 'public') {
    throw restError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      'Only the following schemas are exposed: public',
    );
  }
}

function parseBody(body: string): unknown {
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw restError(
      400,
      'PGRST102',
      'Empty or invalid json',
      error instanceof Error ? error.message : null,
    );
  }
}
