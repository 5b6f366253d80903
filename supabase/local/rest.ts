import type { IncomingMessage } from 'node:http';
import pg from 'pg';
import type { LocalDatabase } from './database.ts';
import { headerValue, notImplemented, restError, type Reply } from './http.ts';
import { socketAddress, withClientAddress } from './client-address.ts';
import { toHttpError } from './pg-errors.ts';
import {
  routinesFingerprint,
  routinesOf,
  routinesStatement,
  type RoutineRow,
} from './postgrest/catalog.ts';
import { handleRpc } from './postgrest/rpc.ts';
import {
  callInOneTrip,
  PRE_REQUEST_NAME_SQL,
  preRequestCall,
  preRequestOf,
  remember,
} from './postgrest/schema-cache.ts';
import { handleTable } from './postgrest/tables.ts';
import type { RestContext } from './postgrest/respond.ts';
import { authenticate, type Caller } from './request-auth.ts';
import { inTransaction } from './sql-client.ts';

/** Settings of the API (supabase/config.toml [api]); tests may change them on a running server. */
export type ApiSettings = { maxRows: number };

/**
 * `/rest/v1/*` with PostgREST's per-request semantics, on a connection of the pool (logged in as
 * `authenticator`), so requests run side by side: one transaction per request (READ ONLY for a
 * read and for a POST to a stable or immutable function), the caller's role and that role's
 * settings (statement_timeout), `request.jwt.claims`, `request.headers`, `request.method`,
 * `request.path`, then the pre-request function named by `pgrst.db_pre_request`, then the
 * request itself. Any error rolls back. See docs/decisions/005-real-postgres-local-backend.md.
 */
export async function handleRest(
  db: LocalDatabase,
  req: IncomingMessage,
  path: string,
  body: string,
  settings: ApiSettings,
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
    const readOnly =
      method === 'GET' || method === 'HEAD' || (isRpc && (await isStable(db.api, segments[1])));
    const begin = readOnly ? 'begin isolation level read committed read only' : 'begin';
    const settingsSql = settingsStatement(req, caller, method, `/rest/v1${path}`);
    const context: Omit<RestContext, 'tx'> = {
      method,
      query: new URL(req.url ?? '/', 'http://local').searchParams,
      prefer: headerValue(req, 'prefer'),
      wantsObject: accept.includes('application/vnd.pgrst.object+json'),
      maxRows: settings.maxRows,
      json: () => parseBody(body),
    };
    if (isRpc) {
      const reply = await callInOneTrip(db.api, segments[1], readOnly, settingsSql, context);
      if (reply) return reply;
    }
    // The opening, the settings and (for a call) the function's signatures in one round trip:
    // each query is CPU for this process and a turn of its loop with the pool connection held,
    // and the queue at the pool was the night rehearsal's tail
    // (docs/decisions/050-the-night-with-a-cut.md).
    const opening = [begin, settingsSql];
    if (isRpc) {
      opening.push(routinesStatement(segments[1]));
      opening.push(routinesFingerprint(segments[1]));
    }
    return await inTransaction(
      db.api,
      async (tx, _client, [settingRows, routineRows, fingerprintRows]) => {
        const pre = preRequestOf(settingRows);
        if (isRpc) {
          const fingerprint = String(fingerprintRows[0].fingerprint);
          remember(db.api, segments[1], pre, routineRows, fingerprint);
        }
        if (pre) await tx.query(`select ${preRequestCall(pre)}`);
        const ctx: RestContext = { ...context, tx };
        return isRpc
          ? handleRpc(ctx, segments[1], routinesOf(segments[1], routineRows as RoutineRow[]))
          : handleTable(ctx, segments[0]);
      },
      opening.join(';\n'),
    );
  } catch (error) {
    throw toHttpError(error, caller.role);
  }
}

/**
 * A function's volatility per pool, read once: PostgREST keeps it in its schema cache too. Asked
 * on every call, it was a query and a pool checkout more per request (at the night's 240 polls a
 * second, docs/decisions/050-the-night-with-a-cut.md). A name with no function yet is asked again.
 */
const volatility = new WeakMap<pg.Pool, Map<string, boolean>>();

/** PostgREST runs a function declared STABLE or IMMUTABLE in a READ ONLY transaction. */
async function isStable(pool: pg.Pool, name: string): Promise<boolean> {
  const known = volatility.get(pool) ?? new Map<string, boolean>();
  volatility.set(pool, known);
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const { rows } = await pool.query<{ stable: boolean | null }>(
    `select bool_and(p.provolatile in ('s', 'i')) as stable
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = $1`,
    [name],
  );
  const stable = rows[0]?.stable;
  if (stable === null || stable === undefined) return false;
  known.set(name, stable);
  return stable;
}

/**
 * The transaction's settings, as PostgREST sets them (set_config(..., true)): the role's own
 * settings from pg_db_role_setting first (read before the role changes: the sort reads them all
 * before the first set_config runs), then the role and the request; and the pre-request
 * function's name, when the authenticator role names one. One statement without parameters, sent
 * with the transaction's opening in the simple protocol: every value is a literal written by pg's
 * own escaping (docs/decisions/050-the-night-with-a-cut.md).
 */
function settingsStatement(
  req: IncomingMessage,
  caller: Caller,
  method: string,
  path: string,
): string {
  const names = [
    'search_path',
    'role',
    'request.jwt.claims',
    'request.jwt.claim.sub',
    'request.jwt.claim.role',
    'request.method',
    'request.path',
    'request.headers',
  ];
  const values = [
    'public, extensions',
    caller.role,
    JSON.stringify(caller.claims),
    String(caller.claims.sub ?? ''),
    caller.role,
    method,
    path,
    JSON.stringify(requestHeaders(req)),
  ];
  const literal = (value: string) => pg.escapeLiteral(value);
  const array = (list: string[]) => `array[${list.map(literal).join(', ')}]::text[]`;
  return `select (${PRE_REQUEST_NAME_SQL}) as pre_request,
            (select count(set_config(t.n, t.v, true))::int
               from (select n, v from (
                       select split_part(c, '=', 1) as n, substr(c, strpos(c, '=') + 1) as v,
                              s.setdatabase::bigint as o1, k as o2
                         from pg_db_role_setting s, unnest(s.setconfig) with ordinality u(c, k)
                        where s.setrole = (select oid from pg_roles where rolname = ${literal(caller.role)})
                          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
                       union all
                       select n, v, 4294967296, k
                         from unnest(${array(names)}, ${array(values)}) with ordinality r(n, v, k)) a
                      order by o1, o2) t) as applied`;
}

/**
 * The request's headers as PostgREST exposes them (lower-cased names, JSON), with every
 * client-address header set the way a gateway sets the one it owns: to the TCP peer, never to
 * what the client claims (./client-address.ts).
 */
function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return withClientAddress(headers, socketAddress(req));
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
