import type { ReactNode } from 'react';
import { formatCount } from '@/lib/numbers';

/**
 * The one pager (participants, reservations): Précédent / page buttons / Suivant, with a sliding
 * window of at most 5 page buttons around the current page, plus first/last-page buttons when
 * there are more than 5 pages (so page 250 is one click away). Shown only when there is more than
 * one page (results exceed the page size). Pages are numbered from 1.
 */
const PAGER_WINDOW = 5;

/** The page numbers to show: a window of `size` pages, centred on `page` when possible. */
export function pageWindow(page: number, pageCount: number, size = PAGER_WINDOW): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

type PagerProps = {
  /** Current page, from 1. */
  page: number;
  total: number;
  /** The count stopped at `total` (a search counts up to 1,000): there are more. */
  more?: boolean;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Pagination des participants". */
  label?: string;
  disabled?: boolean;
};

const buttonBase =
  'min-w-10 rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';
const idle = 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50';

/**
 * A pager button that stays focusable when unavailable (aria-disabled): "Suivant" pressed on the
 * last but one page keeps the focus instead of dropping it to <body> (issue 15).
 */
function PageButton({
  unavailable,
  onPress,
  className = idle,
  ...rest
}: {
  unavailable: boolean;
  onPress: () => void;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page';
}) {
  return (
    <button
      type="button"
      className={`${buttonBase} ${className}`}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onPress();
      }}
      {...rest}
    />
  );
}

export function Pager({
  page,
  total,
  more = false,
  pageSize,
  onPageChange,
  label = 'Pagination',
  disabled,
}: PagerProps) {
  if (total <= pageSize) return null;
  const pageCount = pageCountOf(total, pageSize);
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-2">
      {pageCount > PAGER_WINDOW && (
        <PageButton
          unavailable={!!disabled || page <= 1}
          onPress={() => onPageChange(1)}
          aria-label="Première page"
        >
          «
        </PageButton>
      )}
      <PageButton unavailable={!!disabled || page <= 1} onPress={() => onPageChange(page - 1)}>
        Précédent
      </PageButton>
      <ul className="flex flex-wrap gap-2">
        {pages.map((n) => (
          <li key={n}>
            <PageButton
              className={n === page ? 'border-brand-700 bg-brand-700 text-white' : idle}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              unavailable={!!disabled}
              onPress={() => onPageChange(n)}
            >
              {n}
            </PageButton>
          </li>
        ))}
      </ul>
      <PageButton
        unavailable={!!disabled || page >= pageCount}
        onPress={() => onPageChange(page + 1)}
      >
        Suivant
      </PageButton>
      {pageCount > PAGER_WINDOW && (
        <PageButton
          unavailable={!!disabled || page >= pageCount}
          onPress={() => onPageChange(pageCount)}
          aria-label="Dernière page"
        >
          »
        </PageButton>
      )}
      <p className="w-full text-center text-sm text-gray-600" aria-live="polite">
        {`Page ${page} sur ${pageCount} · ${more ? 'plus de ' : ''}${formatCount(total)} résultats`}
        {more && ' (affinez la recherche pour voir les suivants)'}
      </p>
    </nav>
  );
}
