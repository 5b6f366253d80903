import type { ReactNode } from 'react';
import { pageTitle } from './classes';

type ListHeaderProps = {
  title: ReactNode;
  /** The count of matching rows, announced when it changes ('' while unknown). */
  summary: string;
  /** The page's action (its export button). */
  children: ReactNode;
};

/** Title, live count and action of an administration list page. */
export function ListHeader({ title, summary, children }: ListHeaderProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className={pageTitle}>{title}</h1>
        <p className="text-gray-700" aria-live="polite">
          {summary}
        </p>
      </div>
      {children}
    </div>
  );
}
