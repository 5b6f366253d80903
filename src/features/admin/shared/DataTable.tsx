import type { ReactNode } from 'react';
import { tableWrap, th } from './ui';

type Column = string | { label: ReactNode; className: string };

type DataTableProps = {
  columns: readonly Column[];
  /** Read by screen readers only. */
  caption?: string;
  /**
   * Makes the scrolling wrapper a named, focusable region: a table wider than a phone scrolls,
   * and keyboard users must reach it (axe scrollable-region-focusable).
   */
  regionLabel?: string;
  /** The rows (<tr> elements). */
  children: ReactNode;
};

/** The administration's table: horizontal scroll on small screens, header row, divided rows. */
export function DataTable({ columns, caption, regionLabel, children }: DataTableProps) {
  const region = regionLabel
    ? {
        className: `${tableWrap} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`,
        role: 'region',
        'aria-label': regionLabel,
        tabIndex: 0,
      }
    : { className: tableWrap };
  return (
    <div {...region}>
      <table className="min-w-full divide-y divide-gray-200">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-gray-50">
          <tr>
            {columns.map((c, i) =>
              typeof c === 'string' ? (
                <th key={i} scope="col" className={th}>
                  {c}
                </th>
              ) : (
                <th key={i} scope="col" className={`${th} ${c.className}`}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}
