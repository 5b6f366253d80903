import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorMessage`: the toast of a failed load, instead of the error's own message. */
    queryMeta: { errorMessage?: string };
  }
}

/**
 * The administration's one query client. It lives in the admin chunk only (the public pages never
 * load TanStack Query), at module level rather than in a component: the cache outlives the
 * administration layout (a visit to the public site and back keeps it), and a "Retour à la liste"
 * shows the list at once. It is emptied when the admin session ends.
 */
export const adminQueryClient = new QueryClient({
  // Every failed load says so once, as a toast; the page shows its own "Réessayer".
  queryCache: new QueryCache({
    onError: (error, query) =>
      notify.error(
        query.meta?.errorMessage ??
          toDataError(error, 'Erreur lors du chargement des données').message,
      ),
  }),
  defaultOptions: {
    queries: {
      // The admin retries by hand ("Réessayer"): an automatic retry would hide a refusal (RLS,
      // expired sign-in) behind seconds of spinner.
      retry: false,
      // Navigating list → detail → list within this delay shows the cached page without a request.
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
  },
});
