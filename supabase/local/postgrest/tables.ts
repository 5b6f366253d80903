import { notImplemented, restError, type Reply } from '../http.ts';
import { findTable, type Table } from './catalog.ts';
import { parsePrefer, type Prefer } from './parse.ts';
import { cappedLimit, parseQuery, type ParsedQuery } from './query.ts';
import { aggregateSql, ident, Params, selectSql, whereSql, type ReadPlan } from './sql.ts';
import { rowsReply, type RestContext } from './respond.ts';

/** `/rest/v1/<table>`: GET/HEAD (read), POST (insert), PATCH (update), DELETE. */
export async function handleTable(ctx: RestContext, tableName: string): Promise<Reply> {
  const table = await findTable(ctx.tx, tableName);
  const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
  const query = parseQuery(ctx.query, { paging: isRead });
  checkEmbedScopes(query);
  const prefer = parsePrefer(ctx.prefer, 'minimal');
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      return read(ctx, table, query, prefer);
    case 'POST':
      return insert(ctx, table, query, prefer);
    case 'PATCH':
      return update(ctx, table, query, prefer);
    case 'DELETE':
      return remove(ctx, table, query, prefer);
    default:
      throw notImplemented(`${ctx.method} on /rest/v1/${tableName}`);
  }
}

function checkEmbedScopes(query: ParsedQuery): void {
  const embedded = new Set(
    query.items.flatMap((i) => (i.kind === 'embed' ? [i.alias ?? i.relation] : [])),
  );
  for (const name of query.embedScopes.keys()) {
    if (!embedded.has(name)) {
      throw restError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`);
    }
  }
}

function plan(ctx: RestContext, table: Table, query: ParsedQuery, source: string): ReadPlan {
  return {
    tx: ctx.tx,
    table,
    source,
    items: query.items,
    scope: query.scope,
    embedScopes: query.embedScopes,
    params: new Params(),
  };
}

async function read(ctx: RestContext, table: Table, query: ParsedQuery, prefer: Prefer) {
  const offset = query.scope.offset ?? 0;
  const scope = { ...query.scope, limit: cappedLimit(query.scope.limit, ctx.maxRows) };
  const readPlan = { ...plan(ctx, table, query, `public.${ident(table.name)}`), scope };
  const sql = aggregateSql(await selectSql(readPlan));
  const { rows } = await ctx.tx.query<{ body: string; n: number }>(sql, readPlan.params.values);
  let total: number | undefined;
  if (prefer.count) {
    const params = new Params();
    const countSql =
      `select count(*)::int as total from public.${ident(table.name)} _t` +
      whereSql(query.scope.conditions, '_t', params);
    total = (await ctx.tx.query<{ total: number }>(countSql, params.values)).rows[0].total;
  }
  return rowsReply(ctx, {
    body: rows[0].body,
    n: rows[0].n,
    offset,
    total,
    status: 200,
    range: true,
  });
}

function payloadRows(ctx: RestContext): Record<string, unknown>[] {
  const body: unknown = ctx.json();
  const list = Array.isArray(body) ? body : [body];
  if (!list.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
    throw restError(
      400,
      'PGRST102',
      'All object keys must match',
      'Expected a JSON object or an array of objects',
    );
  }
  return list as Record<string, unknown>[];
}

function payloadColumns(
  table: Table,
  rows: Record<string, unknown>[],
  query: ParsedQuery,
): string[] {
  let columns = query.columns;
  if (!columns) {
    columns = Object.keys(rows[0] ?? {});
    const signature = [...columns].sort().join(',');
    if (rows.some((r) => Object.keys(r).sort().join(',') !== signature)) {
      throw restError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const column of columns) {
    if (!table.columns.includes(column)) {
      throw restError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      );
    }
  }
  return columns;
}

async function mutationReply(
  ctx: RestContext,
  table: Table,
  query: ParsedQuery,
  prefer: Prefer,
  mutationSql: string,
  params: Params,
  status: number,
): Promise<Reply> {
  if (prefer.return !== 'representation') {
    const result = await ctx.tx.query(mutationSql, params.values);
    const count = result.affectedRows ?? 0;
    if (ctx.wantsObject && count !== 1) throw singleObjectError(count);
    return {
      status: status === 201 ? 201 : 204,
      headers: { 'Content-Range': `*/${prefer.count ? count : '*'}` },
    };
  }
  const readPlan = { ...plan(ctx, table, query, '_mutated'), params };
  readPlan.scope = { conditions: [], order: [] };
  const sql = `with _mutated as (${mutationSql} returning _t.*) ${aggregateSql(await selectSql(readPlan))}`;
  const { rows } = await ctx.tx.query<{ body: string; n: number }>(sql, params.values);
  return rowsReply(ctx, {
    body: rows[0].body,
    n: rows[0].n,
    offset: 0,
    total: prefer.count ? rows[0].n : undefined,
    status,
    range: false,
  });
}

function singleObjectError(count: number) {
  return restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${count} rows`,
  );
}

async function insert(ctx: RestContext, table: Table, query: ParsedQuery, prefer: Prefer) {
  if (prefer.unsupported) throw notImplemented(prefer.unsupported);
  const rows = payloadRows(ctx);
  const columns = payloadColumns(table, rows, query);
  const params = new Params();
  const target = `public.${ident(table.name)}`;
  const list = columns.map(ident).join(', ');
  const sql =
    columns.length === 0
      ? `insert into ${target} as _t default values`
      : `insert into ${target} as _t (${list}) select ${list} from json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows))}::json)`;
  if (columns.length === 0 && rows.length !== 1)
    throw notImplemented('inserting several empty objects');
  return mutationReply(ctx, table, query, prefer, sql, params, 201);
}

function requireFilters(query: ParsedQuery, verb: string): void {
  if (query.scope.conditions.length === 0) {
    // Hosted Supabase loads pg-safeupdate for API requests.
    throw restError(400, '21000', `${verb} requires a WHERE clause`);
  }
}

async function update(ctx: RestContext, table: Table, query: ParsedQuery, prefer: Prefer) {
  const body: unknown = ctx.json();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw restError(400, 'PGRST102', 'Expected a JSON object to update with');
  }
  const columns = payloadColumns(table, [body as Record<string, unknown>], query);
  requireFilters(query, 'UPDATE');
  if (columns.length === 0) return { status: 204, headers: { 'Content-Range': '*/*' } };
  const params = new Params();
  const target = `public.${ident(table.name)}`;
  const patch = params.add(JSON.stringify(body));
  const sql =
    `update ${target} _t set ${columns.map((c) => `${ident(c)} = _p.${ident(c)}`).join(', ')} ` +
    `from json_populate_record(null::${target}, ${patch}::json) _p` +
    whereSql(query.scope.conditions, '_t', params);
  return mutationReply(ctx, table, query, prefer, sql, params, 200);
}

async function remove(ctx: RestContext, table: Table, query: ParsedQuery, prefer: Prefer) {
  requireFilters(query, 'DELETE');
  const params = new Params();
  const sql =
    `delete from public.${ident(table.name)} _t` + whereSql(query.scope.conditions, '_t', params);
  return mutationReply(ctx, table, query, prefer, sql, params, 200);
}
