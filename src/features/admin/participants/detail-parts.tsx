import type { ReactNode } from 'react';
import { card } from '../ui/classes';

/** The building blocks of a participant's page (view, edit form, actions). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${card} @container`} aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

export function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-600">{term}</dt>
      <dd className="font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}
