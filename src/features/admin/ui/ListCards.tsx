import { useId, type ReactNode } from 'react';
import type { Column } from './DataTable';
import type { Sort } from './use-list-query';

/**
 * The administration's lists on a phone (below 640 px): one card per row instead of the wide
 * table. A card's heading is the row's name with its actions beside it, the key facts under it.
 * ListPage shows these when a list gives its `cards` (docs/decisions/008-admin-data-layer.md).
 */

const focus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

type ListCardProps = {
  /** The row's name (the card's heading; its actions' group is named after it). */
  title: string;
  /** The row's actions, beside the name (each named after the row, as in the table). */
  actions?: ReactNode;
  /** The key facts: <Fact> elements. */
  children: ReactNode;
  /** The row's id (data-row-id), where the focus may go after an action (refocusInList). */
  rowId?: string;
  /** Below the facts (not a fact): a detail that opens, e.g. the journal's before / after. */
  footer?: ReactNode;
};

/** One row of a list, as a card (an <li> of CardList). */
export function ListCard({ title, actions, children, rowId, footer }: ListCardProps) {
  const titleId = useId();
  return (
    <li data-row-id={rowId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <article aria-labelledby={titleId} className="@container">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 pt-1.5 font-semibold break-words text-gray-900">
            {title}
          </h3>
          {actions && (
            <div
              role="group"
              aria-label={`Actions : ${title}`}
              className="flex max-w-full shrink-0 flex-col items-stretch gap-2"
            >
              {actions}
            </div>
          )}
        </div>
        <dl className="mt-3 grid grid-cols-1 items-baseline gap-x-3 gap-y-1.5 text-sm @3xs:grid-cols-[max-content_minmax(0,1fr)]">
          {children}
        </dl>
        {footer}
      </article>
    </li>
  );
}

/** A fact of a card: its label and its value (nothing when the value is empty). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <>
      <dt className="text-gray-600">{term}</dt>
      <dd className="break-words text-gray-900">{children}</dd>
    </>
  );
}

type CardListProps<K extends string> = {
  /** Names the list (a visually hidden heading above the cards). */
  caption: string;
  /** The table's columns: the sortable ones become the "Trier par" buttons. */
  columns: readonly Column<K>[];
  sort?: Sort<K>;
  onSort?: (key: K) => void;
  /** The cards (ListCard). */
  children: ReactNode;
};

/**
 * The cards of a list, with the table's sort as buttons (a phone has no column headers): a
 * click sorts by that column, a second click reverses it, as a header does.
 */
export function CardList<K extends string>({
  caption,
  columns,
  sort,
  onSort,
  children,
}: CardListProps<K>) {
  const headingId = useId();
  const sortable = columns.flatMap((c) =>
    typeof c === 'object' && 'sortKey' in c ? [{ label: c.label, key: c.sortKey }] : [],
  );
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="sr-only">
        {caption}
      </h2>
      {sortable.length > 0 && (
        <div role="group" aria-label="Trier par" className="flex flex-wrap items-center gap-2">
          <span aria-hidden="true" className="text-sm text-gray-700">
            Trier par
          </span>
          {sortable.map(({ label, key }) => {
            const active = sort?.key === key;
            const arrow = active ? (sort.ascending ? '▲' : '▼') : '↕';
            return (
              <button
                key={key}
                type="button"
                aria-pressed={active}
                onClick={() => onSort?.(key)}
                className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium ${focus} ${
                  active
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-gray-300 bg-white text-gray-800'
                }`}
              >
                {label}
                <span aria-hidden="true">{arrow}</span>
                {active && (
                  <span className="sr-only">
                    {sort.ascending ? ' (croissant)' : ' (décroissant)'}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      <ul className="space-y-3">{children}</ul>
    </section>
  );
}
