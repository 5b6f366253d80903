import { notImplemented, restError } from '../http.ts';

/** One entry of a PostgREST `select=` list. */
export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string }
  | { kind: 'embed'; relation: string; alias?: string; hint?: string; items: SelectItem[] };

/** A filter (`col=op.value`) or a logic tree (`or=(…)`, `and=(…)`). */
export type Condition =
  | { kind: 'filter'; column: string; op: Operator; negate: boolean; value: string }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] };

export type OrderTerm = { column: string; desc: boolean; nulls?: 'first' | 'last' };

const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const;
type Operator = (typeof OPERATORS)[number];

/** PostgREST operators that exist but that the local backend does not serve. */
const UNSUPPORTED_OPERATORS = new Set([
  'match',
  'imatch',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export function parseError(message: string, details: string | null = null) {
  return restError(400, 'PGRST100', message, details);
}

/** Split on `sep` at depth 0, outside double quotes. */
function splitTopLevel(text: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < text.length) {
        current += ch + text[++i];
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) throw parseError(`Unbalanced parentheses in "${text}"`);
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (depth !== 0 || quoted) throw parseError(`Unbalanced parentheses or quotes in "${text}"`);
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

function checkPlainName(name: string, context: string): string {
  if (name.includes('->') || name.includes('::')) {
    throw notImplemented(`JSON paths and casts (${context} "${name}")`);
  }
  if (name === '') throw parseError(`Empty name in ${context}`);
  return unquote(name);
}

export function parseSelect(text: string): SelectItem[] {
  const compact = text.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '');
  if (compact === '') return [{ kind: 'star' }];
  return splitTopLevel(compact).map(parseSelectItem);
}

function splitAlias(head: string): { alias?: string; rest: string } {
  const match = /^([^:"]+):(?!:)(.+)$/.exec(head);
  return match ? { alias: match[1], rest: match[2] } : { rest: head };
}

function parseSelectItem(item: string): SelectItem {
  if (item === '*') return { kind: 'star' };
  if (item.startsWith('...')) throw notImplemented('spread embedding ("...")');
  const open = item.indexOf('(');
  if (open === -1) {
    const { alias, rest } = splitAlias(item);
    return { kind: 'column', name: checkPlainName(rest, 'select'), alias };
  }
  if (!item.endsWith(')')) throw parseError(`Invalid select item "${item}"`);
  const { alias, rest } = splitAlias(item.slice(0, open));
  const [relation, ...hints] = rest.split('!');
  if (hints.some((h) => h === 'inner' || h === 'left')) {
    throw notImplemented('"!inner" / "!left" embedding');
  }
  if (hints.length > 1) throw parseError(`Invalid embedding hint in "${item}"`);
  return {
    kind: 'embed',
    relation: checkPlainName(relation, 'select'),
    alias,
    hint: hints[0],
    items: parseSelect(item.slice(open + 1, -1)),
  };
}

/** `[not.]op.value` as found in a query parameter's value. */
export function parseFilter(column: string, text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opText = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? '' : rest.slice(dot + 1);
  if (/\((any|all)\)$/.test(opText)) throw notImplemented(`operator modifier "${opText}"`);
  if (UNSUPPORTED_OPERATORS.has(opText)) throw notImplemented(`operator "${opText}"`);
  if (!(OPERATORS as readonly string[]).includes(opText) || dot === -1) {
    throw parseError(`Unknown operator or missing value in "${column}=${text}"`);
  }
  return {
    kind: 'filter',
    column: checkPlainName(column, 'filter'),
    op: opText as Operator,
    negate,
    value,
  };
}

/** `(a.eq.1,b.ilike.*x*,and(c.gt.2,d.is.null))`, as given to `or=` / `and=`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Condition {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"${op}" expects a parenthesised list, got "${text}"`);
  }
  const children = splitTopLevel(text.slice(1, -1)).map(parseLogicItem);
  return { kind: 'logic', op, negate, children };
}

function parseLogicItem(item: string): Condition {
  const nested = /^(not\.)?(and|or)(\(.*\))$/.exec(item);
  if (nested) return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]);
  const dot = item.indexOf('.');
  if (dot <= 0) throw parseError(`Invalid logic tree item "${item}"`);
  const condition = parseFilter(item.slice(0, dot), item.slice(dot + 1));
  if (condition.kind === 'filter') condition.value = unquote(condition.value);
  return condition;
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((term) => {
    const [column, ...modifiers] = term.split('.');
    if (column.includes('(')) throw notImplemented('ordering by an embedded resource');
    const order: OrderTerm = { column: checkPlainName(column, 'order'), desc: false };
    for (const m of modifiers) {
      if (m === 'asc' || m === 'desc') order.desc = m === 'desc';
      else if (m === 'nullsfirst' || m === 'nullslast')
        order.nulls = m === 'nullsfirst' ? 'first' : 'last';
      else throw parseError(`Invalid order modifier "${m}" in "${term}"`);
    }
    return order;
  });
}

export function parseCount(text: string, name: string): number {
  if (!/^\d+$/.test(text))
    throw parseError(`"${name}" must be a non-negative integer, got "${text}"`);
  return Number(text);
}

/** Values of `in.(a,"b,c")`. */
export function parseList(value: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`"in" expects a parenthesised list, got "${value}"`);
  }
  const inner = value.slice(1, -1);
  return inner === '' ? [] : splitTopLevel(inner).map(unquote);
}

export type Prefer = {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  /** Prefer: resolution (upsert) or missing=default: not served locally (501). */
  unsupported?: string;
};

export function parsePrefer(header: string | undefined, fallbackReturn: Prefer['return']): Prefer {
  const prefer: Prefer = { return: fallbackReturn, count: false };
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (
      key === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      prefer.return = value;
    } else if (key === 'count' && ['exact', 'planned', 'estimated'].includes(value)) {
      prefer.count = true;
    } else if (key === 'resolution' || key === 'missing') {
      prefer.unsupported = `Prefer: ${key}=${value}`;
    }
  }
  return prefer;
}
