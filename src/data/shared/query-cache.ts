import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from './query-helpers';

// The query cache's helpers every domain's mutations and list queries use. Type-only imports of
// TanStack Query: this file adds no code of it to a chunk.

/**
 * Fetches the queries under `queryKey` anew after a write. A fetch already under way may have read
 * the database before the write committed, and invalidateQueries joins a query's first fetch
 * rather than restarting it (a list whose search just changed has only placeholder data): the
 * deleted participant stayed on screen under "0 participant". Cancelled first, the stale fetch
 * is dropped and a new one reads what the write left.
 *
 * `edit`, when given, changes the cached answers at once, before the new fetch ends: a deleted
 * row leaves every list now, so a list shown meanwhile (the one the deletion returns to) never
 * shows it, and a keyboard user never tabs onto a row that then disappears under the focus. (A
 * cancelled fetch reverts to the data set here: TanStack Query records a manual update as the
 * state to revert to.)
 */
export async function refreshAfterWrite<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  edit?: (data: T) => T,
) {
  if (edit) queryClient.setQueriesData<T>({ queryKey }, (data) => data && edit(data));
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** A cached page of rows without the row `id` (its total one less when it held it). */
export const withoutRow =
  (id: string) =>
  <Row extends { id: string }>(page: Page<Row>): Page<Row> => {
    const rows = page.rows.filter((row) => row.id !== id);
    return rows.length === page.rows.length
      ? page
      : { rows, total: Math.max(0, page.total - (page.rows.length - rows.length)) };
  };

/**
 * PostgREST answers a range past the last row with an error (HTTP 416), not an empty page: an old
 * link's page, or the page whose last row was just deleted. Then the first page tells the total,
 * and an empty page past the end is returned, which the list turns into its last page.
 */
export async function pageOrPastTheEnd<T>(
  load: (page0: number) => Promise<Page<T>>,
  page: number,
  pageSize: number,
): Promise<Page<T>> {
  try {
    return await load(page - 1);
  } catch (error) {
    if (page <= 1) throw error;
    const { total } = await load(0);
    if (total <= (page - 1) * pageSize) return { rows: [], total };
    throw error;
  }
}
