import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Fetches the queries under `queryKey` anew after a write. A fetch already under way may have read
 * the database before the write committed, and invalidateQueries joins a query's first fetch
 * rather than restarting it (a list whose search just changed has only placeholder data): the
 * deleted participant stayed on screen under "0 participant". Cancelled first, the stale fetch
 * is dropped and a new one reads what the write left.
 */
export async function refreshAfterWrite(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
