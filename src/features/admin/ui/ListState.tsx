import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

/**
 * The administration's one loading / error / empty presentation, for every useQuery of the admin
 * pages (the failed load has already been announced by a toast: ./query-client.ts).
 */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-gray-700">
      {children}
    </p>
  );
}

function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
      {children}
      <Button variant="secondary" className="ml-3" onClick={onRetry}>
        Réessayer
      </Button>
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
      {children}
    </p>
  );
}

/** The part of a useQuery result these components read. */
export type QueryView = {
  data: unknown;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * Loading (first load) or error with "Réessayer" (no data yet); nothing once there is data.
 * `errorText` replaces the error's own message (e.g. a page that names what failed).
 */
export function QueryStatus({
  query,
  loadingText,
  errorText,
}: {
  query: QueryView;
  loadingText: string;
  errorText?: string;
}) {
  if (query.data !== undefined) return null;
  if (query.error) {
    return (
      <LoadError onRetry={() => void query.refetch()}>{errorText ?? query.error.message}</LoadError>
    );
  }
  return query.isPending ? <LoadingStatus>{loadingText}</LoadingStatus> : null;
}

type ListStateProps = {
  query: QueryView;
  loadingText: string;
  /** The current page has no row: `emptyText` is shown instead of the table. */
  empty: boolean;
  emptyText: string;
  /** The table. */
  children: ReactNode;
  /** The pager, shown under the table or the empty message. */
  footer?: ReactNode;
};

/**
 * The states of a paginated list: loading or error (see QueryStatus), then the table or the empty
 * message. While another page loads, the previous one stays, busy.
 */
export function ListState({
  query,
  loadingText,
  empty,
  emptyText,
  children,
  footer,
}: ListStateProps) {
  return (
    <>
      <QueryStatus query={query} loadingText={loadingText} />
      {query.data !== undefined && (
        <div aria-busy={query.isFetching}>
          {empty ? <EmptyState>{emptyText}</EmptyState> : children}
          {footer}
        </div>
      )}
    </>
  );
}
