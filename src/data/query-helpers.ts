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

type PageResult<T> = { data: T[] | null; error: unknown; count?: number | null };

/**
 * Fetches every row of a query, page by page (`range`), in a stable order given by the query.
 * `fetchPage(from, to)` must run the same filtered, ordered query with `.range(from, to)`.
 */
export async function fetchAllPages<T>(
  fetchPage: (from: number, to: number) => PromiseLike<PageResult<T>>,
  pageSize = API_MAX_ROWS,
): Promise<T[]> {
  const all: T[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error } = await fetchPage(from, from + pageSize - 1);
    if (error) throw error;
    const rows = data ?? [];
    all.push(...rows);
    if (rows.length < pageSize) return all;
  }
}
