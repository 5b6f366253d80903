/**
 * The one pager (participants, reservations): Précédent / page buttons / Suivant, with a sliding
 * window of at most 5 page buttons around the current page, plus first/last-page buttons when
 * there are more than 5 pages (so page 250 is one click away). Shown only when there is more than
 * one page (results exceed the page size). Pages are numbered from 1.
 */
export const PAGER_WINDOW = 5;

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
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Pagination des participants". */
  label?: string;
  disabled?: boolean;
};

const buttonBase =
  'min-w-10 rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

export function Pager({
  page,
  total,
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
        <button
          type="button"
          className={`${buttonBase} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
          onClick={() => onPageChange(1)}
          disabled={disabled || page <= 1}
          aria-label="Première page"
        >
          «
        </button>
      )}
      <button
        type="button"
        className={`${buttonBase} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        Précédent
      </button>
      <ul className="flex flex-wrap gap-2">
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`${buttonBase} ${
                n === page
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
              }`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPageChange(n)}
              disabled={disabled}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${buttonBase} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= pageCount}
      >
        Suivant
      </button>
      {pageCount > PAGER_WINDOW && (
        <button
          type="button"
          className={`${buttonBase} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
          onClick={() => onPageChange(pageCount)}
          disabled={disabled || page >= pageCount}
          aria-label="Dernière page"
        >
          »
        </button>
      )}
      <p className="w-full text-center text-sm text-gray-600" aria-live="polite">
        Page {page} sur {pageCount} · {total} résultats
      </p>
    </nav>
  );
}
