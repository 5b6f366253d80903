import { notImplemented } from '../http.ts';
import { MAX_ROWS } from '../constants.ts';
import {
  parseCount,
  parseFilter,
  parseLogic,
  parseOrder,
  parseSelect,
  type SelectItem,
} from './parse.ts';
import { emptyScope, type Scope } from './sql.ts';

/** A PostgREST query string, parsed. */
export type ParsedQuery = {
  items: SelectItem[];
  hasSelect: boolean;
  scope: Scope;
  embedScopes: Map<string, Scope>;
  columns?: string[];
};

const LOGIC_KEY = /^(not\.)?(and|or)$/;

/**
 * Read `select`, filters, `or`/`and`, `order`, `limit`, `offset`, `columns`.
 * A key `rel.x` applies to the embedded resource `rel`.
 */
export function parseQuery(query: URLSearchParams, allowed: { paging: boolean }): ParsedQuery {
  const parsed: ParsedQuery = {
    items: parseSelect(query.get('select') ?? '*'),
    hasSelect: query.has('select'),
    scope: emptyScope(),
    embedScopes: new Map(),
  };
  const scopeFor = (prefix: string | undefined): Scope => {
    if (prefix === undefined) return parsed.scope;
    let scope = parsed.embedScopes.get(prefix);
    if (!scope) parsed.embedScopes.set(prefix, (scope = emptyScope()));
    return scope;
  };

  for (const [key, value] of query) {
    if (key === 'select') continue;
    if (key === 'columns') {
      parsed.columns = value.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
      continue;
    }
    if (key === 'on_conflict') throw notImplemented('upsert (on_conflict)');
    const logic = LOGIC_KEY.exec(key);
    if (logic) {
      scopeFor(undefined).conditions.push(
        parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), value),
      );
      continue;
    }
    const dot = key.indexOf('.');
    const prefix = dot === -1 ? undefined : key.slice(0, dot);
    const name = dot === -1 ? key : key.slice(dot + 1);
    const scope = scopeFor(prefix);
    const embedLogic = LOGIC_KEY.exec(name);
    if (name === 'order') scope.order.push(...parseOrder(value));
    else if (name === 'limit') scope.limit = parseCount(value, key);
    else if (name === 'offset') scope.offset = parseCount(value, key);
    else if (embedLogic) {
      scope.conditions.push(
        parseLogic(embedLogic[2] as 'and' | 'or', Boolean(embedLogic[1]), value),
      );
    } else if (name.includes('.')) throw notImplemented(`nested embedded parameter "${key}"`);
    else scope.conditions.push(parseFilter(name, value));
  }

  if (
    !allowed.paging &&
    (parsed.scope.limit !== undefined || parsed.scope.offset || parsed.scope.order.length)
  ) {
    throw notImplemented('limit/offset/order on PATCH or DELETE');
  }
  return parsed;
}

/** The row limit actually applied to a read: never above the API's `max_rows`. */
export function cappedLimit(limit: number | undefined, maxRows = MAX_ROWS): number {
  return Math.min(limit ?? maxRows, maxRows);
}
