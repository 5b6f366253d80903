import type { ReactNode } from 'react';
import type { DataError } from '@/lib/errors';
import { btnSecondary } from './ui';

export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-gray-700">
      {children}
    </p>
  );
}

export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
      {children}
      <button type="button" className={`${btnSecondary} ml-3`} onClick={onRetry}>
        Réessayer
      </button>
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

type ListStateProps = {
  list: { data: unknown; loading: boolean; error: DataError | undefined; reload: () => void };
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
 * The states of a paginated list: loading (first load), error with "Réessayer" (no data yet),
 * then the table or the empty message. While a new page loads, the previous one stays, busy.
 */
export function ListState({
  list,
  loadingText,
  empty,
  emptyText,
  children,
  footer,
}: ListStateProps) {
  return (
    <>
      {list.loading && !list.data && <LoadingStatus>{loadingText}</LoadingStatus>}
      {list.error && !list.data && (
        <LoadError onRetry={list.reload}>{list.error.message}</LoadError>
      )}
      {Boolean(list.data) && (
        <div aria-busy={list.loading}>
          {empty ? <EmptyState>{emptyText}</EmptyState> : children}
          {footer}
        </div>
      )}
    </>
  );
}
