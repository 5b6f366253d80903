import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** `icon`: the `d` of a 24×24 outline path (decorative). */
type Choice = { value: string; label: string; description: ReactNode; icon: string };

type ChoiceCardsProps = {
  legend: ReactNode;
  choices: Choice[];
  /** register(name) of the radio group. */
  field: UseFormRegisterReturn;
  error?: string;
};

/**
 * A required radio group shown as large cards (side by side when each gets 8.5rem: from 360 px,
 * and one under the other with text at 200 %). Native radios, so
 * arrow keys move between the choices; the error is announced and linked to every radio.
 */
export function ChoiceCards({ legend, choices, field, error }: ChoiceCardsProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      role="radiogroup"
      className="min-w-0"
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-gray-800">
        {legend}
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,8.5rem),1fr))] gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`group relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 bg-white p-4 text-center transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-900 has-[:focus-visible]:ring-offset-2 ${
              error ? 'border-red-600' : 'border-gray-300 hover:border-brand-600'
            }`}
          >
            <input type="radio" value={choice.value} className="sr-only" {...field} />
            {/* Not colour alone: a checked choice also shows a tick. */}
            <span
              aria-hidden="true"
              className="absolute top-2 right-2 flex size-5 items-center justify-center rounded-full border-2 border-gray-300 group-has-[:checked]:border-brand-600 group-has-[:checked]:bg-brand-600"
            >
              <svg
                viewBox="0 0 20 20"
                fill="white"
                className="hidden size-3.5 group-has-[:checked]:block"
              >
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
              </svg>
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-9 text-brand-600"
            >
              <path d={choice.icon} />
            </svg>
            <span className="max-w-full text-lg font-semibold text-gray-900">{choice.label}</span>
            <span className="max-w-full text-sm text-gray-600">{choice.description}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
