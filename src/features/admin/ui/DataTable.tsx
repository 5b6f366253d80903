import type { ReactNode } from 'react';
import { tableWrap, th } from './classes';
import type { Sort } from './use-list-query';

/** A header: its text, or text plus the sort key its button applies, or a custom cell. */
export type Column<K extends string = string> =
  string | { label: string; sortKey: K } | { label: ReactNode; className: string };

type DataTableProps<K extends string> = {
  columns: readonly Column<K>[];
  /** The table's name (every table has one), read by screen readers only. */
  caption: string;
  /**
   * Makes the scrolling wrapper a named, focusable region: a table wider than a phone scrolls,
   * and keyboard users must reach it (axe scrollable-region-focusable).
   */
  regionLabel?: string;
  /** The current order and what a click on a sortable header does. */
  sort?: Sort<K>;
  onSort?: (key: K) => void;
  /** The rows (<tr> elements). */
  children: ReactNode;
};

/**
 * A sortable header is a button inside the <th>, which carries aria-sort when it is the current
 * order (the WAI-ARIA sortable table pattern); the arrow is decoration.
 */
function SortButton<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: K;
  sort?: Sort<K>;
  onSort?: (key: K) => void;
}) {
  const active = sort?.key === sortKey;
  const arrow = active ? (sort.ascending ? '▲' : '▼') : '↕';
  return (
    <button
      type="button"
      onClick={() => onSort?.(sortKey)}
      className="inline-flex items-center gap-1 rounded uppercase hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {label}
      <span aria-hidden="true" className={active ? 'text-gray-900' : 'text-gray-500'}>
        {arrow}
      </span>
    </button>
  );
}

const ariaSort = <K extends string>(sortKey: K, sort?: Sort<K>) =>
  sort?.key === sortKey ? (sort.ascending ? 'ascending' : 'descending') : undefined;

/** The administration's table: horizontal scroll on small screens, header row, divided rows. */
export function DataTable<K extends string>({
  columns,
  caption,
  regionLabel,
  sort,
  onSort,
  children,
}: DataTableProps<K>) {
  const region = regionLabel
    ? {
        className: `${tableWrap} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`,
        role: 'region',
        'aria-label': regionLabel,
        tabIndex: 0,
      }
    : { className: tableWrap };
  return (
    // data-table-scroller: a row's full-width detail keeps to this box's visible width
    // (src/features/admin/inbox/MessageRow.tsx).
    <div {...region} data-table-scroller="">
      {/* 12 px cell padding instead of classes.ts's 16: lists of 9 or 10 columns need the room. */}
      <table className="min-w-full divide-y divide-gray-200 [&_td]:px-3 [&_th]:px-3">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((c, i) => {
              if (typeof c === 'string')
                return (
                  <th key={i} scope="col" className={th}>
                    {c}
                  </th>
                );
              if ('sortKey' in c)
                return (
                  <th key={i} scope="col" className={th} aria-sort={ariaSort(c.sortKey, sort)}>
                    <SortButton label={c.label} sortKey={c.sortKey} sort={sort} onSort={onSort} />
                  </th>
                );
              return (
                <th key={i} scope="col" className={`${th} ${c.className}`}>
                  {c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}
