import type { ReactNode } from 'react';

/** A numbered step of the registration form. */
export function Section({
  step,
  title,
  children,
}: {
  step: number;
  title: string;
  children: ReactNode;
}) {
  const id = `registration-step-${step}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-bold text-gray-900">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
        >
          {step}
        </span>
        {/* Not an anonymous flex item: it may shrink below its longest word (text at 200 %). */}
        <span className="min-w-0">{title}</span>
      </h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}
