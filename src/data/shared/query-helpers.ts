import { toDataError } from '@/lib/errors';

/**
 * A page of a server-side list. `more`: the count stopped at `total` and there are more matches
 * (a search counts up to 1,000: docs/decisions/022-search-people.md).
 */
export type Page<T> = { rows: T[]; total: number; more?: boolean };

/** Largest page the API returns (Supabase `max_rows`): never trust one request to return more. */
export const API_MAX_ROWS = 1000;

/**
 * A PostgREST `or` filter matching `term` anywhere in any of `columns` (case-insensitive).
 * Characters with a meaning in PostgREST's filter syntax or in LIKE are dropped from the term.
 */
export function ilikeAny(columns: string[], term: string): string | null {
  const clean = term
    .replace(/[,()"*\\%_:]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!clean) return null;
  return columns.map((c) => `${c}.ilike.*${clean}*`).join(',');
}

/**
 * The order of an administration list: one column and a direction. Rows with equal values keep
 * the default order (newest first: `created_at` desc, `id` desc), so pages never overlap.
 */
export type ListOrder<C extends string> = { column: C | 'created_at'; ascending: boolean };

export const NEWEST_FIRST = { column: 'created_at', ascending: false } as const;

/** Applies `order` then the tie-breakers to a PostgREST query. */
export function ordered<Q extends { order: (c: string, o: { ascending: boolean }) => Q }>(
  query: Q,
  order: ListOrder<string>,
): Q {
  const byDate = order.column === 'created_at';
  const first = byDate ? query : query.order(order.column, { ascending: order.ascending });
  const ascending = byDate && order.ascending;
  return first.order('created_at', { ascending }).order('id', { ascending });
}

type CountedResult<R> = { data: R[] | null; error: unknown; count: number | null };

/** One page (0-based) of a query asked with `count: 'exact'`: its rows mapped, and the total. */
export async function pageOf<R, T>(
  query: { range: (from: number, to: number) => PromiseLike<CountedResult<R>> },
  page: number,
  pageSize: number,
  toRow: (row: R) => T,
  errorMessage: string,
): Promise<Page<T>> {
  const from = page * pageSize;
  const { data, error, count } = await query.range(from, from + pageSize - 1);
  if (error) throw toDataError(error, errorMessage);
  return { rows: (data ?? []).map(toRow), total: count ?? 0 };
}

type PageResult<T> = { data: T[] | null; error: unknown };

/** The position of a row in the lists' order (newest first: `created_at` desc, then `id` desc). */
export type Cursor = { created_at: string; id: string };

/**
 * A PostgREST `or` filter keeping the rows after `cursor` in the order `created_at` desc, `id`
 * desc. Values are quoted: timestamps hold `:`, `.` and `+`. Callers add
 * `.lte('created_at', cursor.created_at)` beside it: Postgres cannot start an index scan from
 * an `or`, but it can from that bound, so each page reads only its own rows.
 */
export function afterCursor(cursor: Cursor): string {
  const at = `"${cursor.created_at}"`;
  return `created_at.lt.${at},and(created_at.eq.${at},id.lt.${cursor.id})`;
}

/**
 * Fetches every row of a list for an export, by keyset pagination: each page asks for the rows
 * after the last one received (`fetchPage(after)` must apply `afterCursor` when `after` is
 * given, keep the list's order and filters, and limit to API_MAX_ROWS) and the walk stops on an
 * empty page. So a project whose "max rows" setting is lower than ours still exports every row,
 * and each page costs the same however far the export has gone (an offset re-reads every earlier
 * row). See docs/decisions/005-real-postgres-local-backend.md.
 */
export async function fetchAllAfter<T extends Cursor>(
  fetchPage: (after: Cursor | null) => PromiseLike<PageResult<T>>,
): Promise<T[]> {
  const all: T[] = [];
  let after: Cursor | null = null;
  for (;;) {
    const { data, error } = await fetchPage(after);
    if (error) throw error;
    const rows = data ?? [];
    if (rows.length === 0) return all;
    all.push(...rows);
    const last = rows[rows.length - 1];
    after = { created_at: last.created_at, id: last.id };
  }
}
