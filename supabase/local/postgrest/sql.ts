import type { Sql } from '../sql-client.ts';
import { findRelationship, findTable, type Table } from './catalog.ts';
import { parseList, type Condition, type OrderTerm, type SelectItem } from './parse.ts';
import { parseError } from './parse.ts';

/** Quote an identifier for SQL (any text is safe once quoted). */
export function ident(name: string): string {
  if (name.includes('\0')) throw parseError('Identifiers cannot contain NUL characters');
  return `"${name.replaceAll('"', '""')}"`;
}

/** Collects bound parameters; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Filters, order and paging for one level of a read (the top level or an embedded resource). */
export type Scope = {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
};

export const emptyScope = (): Scope => ({ conditions: [], order: [] });

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

function conditionSql(condition: Condition, alias: string, params: Params): string {
  if (condition.kind === 'logic') {
    const parts = condition.children.map((c) => conditionSql(c, alias, params));
    const joined = parts.length
      ? `(${parts.join(condition.op === 'and' ? ' and ' : ' or ')})`
      : 'true';
    return condition.negate ? `not ${joined}` : joined;
  }
  const column = `${alias}.${ident(condition.column)}`;
  const { op, value } = condition;
  let sql: string;
  if (op === 'is') {
    const literal = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' }[
      value.toLowerCase()
    ];
    if (!literal) throw parseError(`"is" accepts null, true, false or unknown, got "${value}"`);
    sql = `${column} is ${literal}`;
  } else if (op === 'in') {
    const items = parseList(value);
    sql = items.length ? `${column} in (${items.map((v) => params.add(v)).join(', ')})` : 'false';
  } else {
    const bound = op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value;
    sql = `${column} ${COMPARISONS[op]} ${params.add(bound)}`;
  }
  return condition.negate ? `not (${sql})` : sql;
}

export function whereSql(conditions: Condition[], alias: string, params: Params): string {
  if (conditions.length === 0) return '';
  return ` where ${conditions.map((c) => conditionSql(c, alias, params)).join(' and ')}`;
}

function orderSql(order: OrderTerm[], alias: string): string {
  if (order.length === 0) return '';
  const terms = order.map(
    (o) =>
      `${alias}.${ident(o.column)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
  );
  return ` order by ${terms.join(', ')}`;
}

function pagingSql(scope: Scope, params: Params): string {
  let sql = '';
  if (scope.limit !== undefined) sql += ` limit ${params.add(scope.limit)}::bigint`;
  if (scope.offset) sql += ` offset ${params.add(scope.offset)}::bigint`;
  return sql;
}

export type ReadPlan = {
  tx: Sql;
  /** The table the rows come from (for embedding), if known. */
  table: Table | null;
  /** SQL from-item, without alias. */
  source: string;
  items: SelectItem[];
  scope: Scope;
  /** Scopes of embedded resources, by alias or relation name. */
  embedScopes: Map<string, Scope>;
  params: Params;
};

/** `select <items> from <source> _t where … order by … limit … offset …` */
export async function selectSql(plan: ReadPlan, alias = '_t', depth = 0): Promise<string> {
  const columns = await selectListSql(plan, plan.table, plan.items, alias, depth);
  const { scope, params } = plan;
  return (
    `select ${columns} from ${plan.source} ${alias}` +
    whereSql(scope.conditions, alias, params) +
    orderSql(scope.order, alias) +
    pagingSql(scope, params)
  );
}

async function selectListSql(
  plan: ReadPlan,
  table: Table | null,
  items: SelectItem[],
  alias: string,
  depth: number,
): Promise<string> {
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') parts.push(`${alias}.*`);
    else if (item.kind === 'column') {
      parts.push(`${alias}.${ident(item.name)} as ${ident(item.alias ?? item.name)}`);
    } else {
      parts.push(
        `${await embedSql(plan, table, item, alias, depth)} as ${ident(item.alias ?? item.relation)}`,
      );
    }
  }
  return parts.join(', ');
}

async function embedSql(
  plan: ReadPlan,
  parent: Table | null,
  item: Extract<SelectItem, { kind: 'embed' }>,
  parentAlias: string,
  depth: number,
): Promise<string> {
  if (!parent)
    throw parseError(`Cannot embed "${item.relation}" here: the rows come from no table`);
  const target = await findTable(plan.tx, item.relation);
  const rel = await findRelationship(plan.tx, parent, target, item.hint);
  const inner = `_e${depth + 1}_${item.alias ?? item.relation}`.replace(/\W/g, '_');
  const row = `${inner}_r`;
  const scope = (depth === 0 && plan.embedScopes.get(item.alias ?? item.relation)) || {
    conditions: [],
    order: [],
  };
  const join = rel.localColumns.map(
    (local, i) => `${inner}.${ident(rel.foreignColumns[i])} = ${parentAlias}.${ident(local)}`,
  );
  const where = whereSql(scope.conditions, inner, plan.params);
  const sub =
    `select ${await selectListSql(plan, target, item.items, inner, depth + 1)} ` +
    `from public.${ident(target.name)} ${inner} where ${join.join(' and ')}` +
    (where ? ` and ${where.slice(' where '.length)}` : '') +
    orderSql(scope.order, inner) +
    (rel.toMany ? pagingSql(scope, plan.params) : ' limit 1');
  return rel.toMany
    ? `coalesce((select json_agg(${row}) from (${sub}) ${row}), '[]'::json)`
    : `(select row_to_json(${row}) from (${sub}) ${row})`;
}

/** Wrap a row-producing query so it yields `{ body: json text, n: row count }`. */
export function aggregateSql(rowsSql: string): string {
  return `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (${rowsSql}) _r`;
}
