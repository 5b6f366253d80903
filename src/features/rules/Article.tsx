import type { ReactNode } from 'react';

/** One numbered article of the rules (/reglement). */
export function Article({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  const id = `article-${number}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold sm:text-xl">
        <span className="text-blue-800">Article {number}</span> – {title}
      </h2>
      <div className="mt-3 space-y-2 text-gray-800">{children}</div>
    </section>
  );
}
