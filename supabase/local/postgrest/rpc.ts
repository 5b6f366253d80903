import { notImplemented, restError, type Reply } from '../http.ts';
import type { Routine } from './catalog.ts';
import { parseQuery } from './query.ts';
import { ident, Params } from './sql.ts';
import { rowsReply, type RestContext } from './respond.ts';

/**
 * `POST /rest/v1/rpc/<fn>` with named arguments as a JSON object. The arguments are turned into
 * typed values by `json_to_record`, as PostgREST does; the result is a scalar, a JSON value or
 * one row (object); a set-returning function's rows as an array (one object when asked).
 */
export async function handleRpc(
  ctx: RestContext,
  name: string,
  routines: Routine[],
): Promise<Reply> {
  const params = new Params();
  const call = rpcCall(ctx, name, routines, (value) => params.add(value));
  const { rows } = await ctx.tx.query<CallRow>(call.text, params.values);
  return call.reply(rows);
}

type CallRow = { body: string | null; n?: number; status: string | null };

/** What the call's row looks like, and how it becomes the answer. */
export type RpcCall = { text: string; reply: (rows: Record<string, unknown>[]) => Reply };

/**
 * The call's statement, its arguments written by `param` (a placeholder, or a literal when the
 * statement goes in the simple protocol with the transaction's opening: ../rest.ts).
 */
export function rpcCall(
  ctx: Omit<RestContext, 'tx'>,
  name: string,
  routines: Routine[],
  param: (value: string) => string,
): RpcCall {
  if (ctx.method !== 'POST') throw notImplemented(`${ctx.method} on /rest/v1/rpc/${name}`);
  const body = ctx.json() ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw restError(400, 'PGRST102', 'RPC arguments must be a JSON object');
  }
  const args = body as Record<string, unknown>;
  const routine = pickRoutine(routines, name, Object.keys(args));
  const call = callSql(routine, args, param);
  const query = parseQuery(ctx.query, { paging: true });
  if (query.hasSelect || query.scope.conditions.length) {
    throw notImplemented(
      `select/filters on a function that ${routine.returnsSet ? 'returns' : 'does not return'} a set`,
    );
  }
  const value =
    routine.returnKind === 'c' || routine.returnType === 'record'
      ? `to_json(_f)`
      : `to_json(_f._f)`;

  if (!routine.returnsSet) {
    if (routine.returnType === 'void') {
      return {
        text: `select null::text as body, ${STATUS} as status from ${call.from}`,
        reply: (rows) => ({ status: responseStatus((rows as CallRow[])[0]?.status) ?? 204 }),
      };
    }
    return {
      text: `select ${value}::text as body, ${STATUS} as status from ${call.from}`,
      reply: (rows) => {
        const [row] = rows as CallRow[];
        return { status: responseStatus(row?.status) ?? 200, body: row?.body ?? 'null' };
      },
    };
  }

  // A set (`returns setof`, `returns table`): its rows as a JSON array, or the one row as an
  // object for `Accept: application/vnd.pgrst.object+json` (406 PGRST116 otherwise), as
  // PostgREST answers (docs/decisions/054-typed-answers.md). Selecting columns or filtering the
  // set is not served here.
  return {
    text: `select coalesce(json_agg(${value}), '[]')::text as body, count(*)::int as n,
            ${STATUS} as status from ${call.from}`,
    reply: (rows) => {
      const [row] = rows as Required<CallRow>[];
      const status = responseStatus(row.status) ?? 200;
      return rowsReply(ctx, { body: row.body ?? '[]', n: row.n, offset: 0, status, range: false });
    },
  };
}

/**
 * PostgREST's `response.status`: a function may set the HTTP status of its answer (a refusal
 * that must still commit, such as one that counts against a rate limit). Read in the call's own
 * statement, after the function ran (it runs in FROM), as PostgREST's main query reads it: one
 * query less per call while the pool connection is held (docs/decisions/050-the-night-with-a-cut.md).
 */
const STATUS = `nullif(current_setting('response.status', true), '')`;

function responseStatus(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const status = Number(value);
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    throw restError(500, 'PGRST112', 'Status code must be a positive integer');
  }
  return status;
}

function pickRoutine(routines: Routine[], name: string, keys: string[]): Routine {
  const matches = routines.filter((r) => {
    const names = new Set(r.args.map((a) => a.name));
    return (
      keys.every((k) => names.has(k)) && r.args.every((a) => a.hasDefault || keys.includes(a.name))
    );
  });
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: public.${name}`,
    );
  }
  const single = routines.find(
    (r) =>
      r.args.length === 1 && r.args[0].name === '' && ['json', 'jsonb'].includes(r.args[0].type),
  );
  if (single) return single;
  throw restError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${[...keys].sort().join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${keys.length ? [...keys].sort().join(', ') : 'none'}, but no matches were found in the schema cache.`,
  );
}

/** `json_to_record($1) _a(...), lateral public.fn(a => _a.a, ...) _f`, as a FROM list. */
function callSql(
  routine: Routine,
  args: Record<string, unknown>,
  param: (value: string) => string,
) {
  const fn = `public.${ident(routine.name)}`;
  if (routine.args.length === 1 && routine.args[0].name === '') {
    const type = routine.args[0].type;
    return { from: `${fn}(${param(JSON.stringify(args))}::${type}) _f` };
  }
  const given = routine.args.filter((a) => a.name in args);
  if (given.length === 0) return { from: `${fn}() _f` };
  const record = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const named = given.map((a) => `${ident(a.name)} => _a.${ident(a.name)}`).join(', ');
  return {
    from: `json_to_record(${param(JSON.stringify(args))}::json) _a(${record}), lateral ${fn}(${named}) _f`,
  };
}
