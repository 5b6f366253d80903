import pg from 'pg';
import { restError, type Reply } from '../http.ts';
import { inOneTrip } from '../sql-client.ts';
import { routinesFingerprint, routinesOf, type Routine, type RoutineRow } from './catalog.ts';
import type { RestContext } from './respond.ts';
import { rpcCall, type RpcCall } from './rpc.ts';
import { ident } from './sql.ts';

/**
 * What the local API keeps of the catalog between requests, as PostgREST's schema cache does,
 * and the call it lets go in one round trip (docs/decisions/050-the-night-with-a-cut.md).
 */

/** The pre-request function's name, as the authenticator role's settings give it. */
export const PRE_REQUEST_NAME_SQL = `select substr(c, length('pgrst.db_pre_request=') + 1)
               from pg_db_role_setting s, unnest(s.setconfig) c
              where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
                and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
                and c like 'pgrst.db\\_pre\\_request=%'
              order by s.setdatabase desc limit 1`;

const PRE_REQUEST_NAME = /^([A-Za-z_][\w$]*)(?:\.([A-Za-z_][\w$]*))?$/;

/** The pre-request function's name the settings' statement found ('' for none). */
export function preRequestOf(settingRows: Record<string, unknown>[]): string {
  return ((settingRows[0]?.pre_request as string | null | undefined) ?? '').trim();
}

/** `schema.fn()` for a pre-request function's name (500 PGRST000 when it is not a name). */
export function preRequestCall(name: string): string {
  const match = PRE_REQUEST_NAME.exec(name);
  if (!match) throw restError(500, 'PGRST000', `Invalid db-pre-request "${name}"`);
  return `${match[2] ? `${ident(match[1])}.${ident(match[2])}` : ident(match[1])}()`;
}

/**
 * What PostgREST keeps in its schema cache, per pool: the pre-request function's name and each
 * called function's signatures with their fingerprint, as the last request read them.
 */
type SchemaCache = {
  preRequest?: string;
  routines: Map<string, { fingerprint: string; routines: Routine[] }>;
};
const schemaCaches = new WeakMap<pg.Pool, SchemaCache>();

function schemaCache(pool: pg.Pool): SchemaCache {
  const known = schemaCaches.get(pool) ?? { routines: new Map() };
  schemaCaches.set(pool, known);
  return known;
}

/** A name with no function yet is not kept: it is asked again. */
export function remember(
  pool: pg.Pool,
  name: string,
  preRequest: string,
  routineRows: unknown[],
  fingerprint: string,
): void {
  const known = schemaCache(pool);
  known.preRequest = preRequest;
  if (routineRows.length === 0) known.routines.delete(name);
  else
    known.routines.set(name, {
      fingerprint,
      routines: routinesOf(name, routineRows as RoutineRow[]),
    });
}

/** A value written into the statement (the simple protocol takes no parameters). */
const literal = (value: string) => pg.escapeLiteral(value);

/** Raised by the check below, at run time only (format() is not folded when planned). */
const OUT_OF_DATE = 'local-api-schema-cache-out-of-date';

/**
 * A call in one round trip and one implicit transaction (PostgreSQL commits a multi-statement
 * query after its last statement and rolls it all back at the first error): READ ONLY when the
 * function is stable, a check that the schema cache still fits the catalog, the settings, the
 * pre-request function, the call written from the cache with its arguments as literals (the
 * simple protocol takes no parameters), and a check of the status it set (500 PGRST112, rolled
 * back, as PostgREST answers). When the cache no longer fits (a function redefined, the
 * pre-request changed), the check fails before the call runs, nothing is kept, and the request is
 * served the long way (undefined), which reads the catalog again. Before, a call held its pool
 * connection for three round trips, and most of the night's requests are calls
 * (docs/decisions/050-the-night-with-a-cut.md).
 */
export async function callInOneTrip(
  pool: pg.Pool,
  name: string,
  readOnly: boolean,
  settingsSql: string,
  ctx: Omit<RestContext, 'tx'>,
): Promise<Reply | undefined> {
  const known = schemaCache(pool);
  const cached = known.routines.get(name);
  const preRequest = known.preRequest;
  if (!cached || preRequest === undefined) return undefined;
  let call: RpcCall;
  let pre: string[];
  try {
    call = rpcCall(ctx, name, cached.routines, literal);
    pre = preRequest ? [`select ${preRequestCall(preRequest)}`] : [];
  } catch {
    return undefined; // answered the long way, from the catalog as it is now
  }
  // A set asked as one object may still be refused after the call (406 PGRST116): the long way,
  // which can roll it back.
  if (ctx.wantsObject && cached.routines.some((r) => r.returnsSet)) return undefined;
  const statements = [
    ...(readOnly ? [`select set_config('transaction_read_only', 'on', true)`] : []),
    `select case when (${routinesFingerprint(name)}) = ${literal(cached.fingerprint)}
                  and coalesce(trim((${PRE_REQUEST_NAME_SQL})), '') = ${literal(preRequest)}
             then true else format('%s', ${literal(OUT_OF_DATE)})::int::boolean end`,
    settingsSql,
    ...pre,
    call.text,
    `select case when ${VALID_STATUS} then true
                 else format('%s', 'invalid response.status')::int::boolean end`,
  ];
  let results: Record<string, unknown>[][];
  try {
    results = await inOneTrip(pool, statements.join(';\n'));
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.message.includes(OUT_OF_DATE)) {
      known.routines.delete(name);
      return undefined;
    }
    if (error instanceof pg.DatabaseError && error.message.includes('invalid response.status')) {
      throw restError(500, 'PGRST112', 'Status code must be a positive integer');
    }
    throw error;
  }
  return call.reply(results[results.length - 2]);
}

/** PostgREST's rule for `response.status` (./postgrest/rpc.ts): unset, or an integer from 100 to 599. */
const STATUS_SETTING = `nullif(trim(current_setting('response.status', true)), '')`;
const VALID_STATUS = `case when ${STATUS_SETTING} is null then true
                           when ${STATUS_SETTING} !~ '^[0-9]+(\\.0*)?$' then false
                           else ${STATUS_SETTING}::numeric between 100 and 599 end`;
