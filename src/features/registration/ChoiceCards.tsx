import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type Choice = { value: string; label: string; description: ReactNode; icon: string };

type ChoiceCardsProps = {
  legend: ReactNode;
  choices: Choice[];
  /** register(name) of the radio group. */
  field: UseFormRegisterReturn;
  error?: string;
};

/**
 * A required radio group shown as large cards (two side by side from 360 px). Native radios, so
 * arrow keys move between the choices; the error is announced and linked to every radio.
 */
export function ChoiceCards({ legend, choices, field, error }: ChoiceCardsProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      role="radiogroup"
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
      <div className="grid grid-cols-2 gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 bg-white p-4 text-center transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-600/40 ${
              error ? 'border-red-600' : 'border-gray-300 hover:border-brand-600'
            }`}
          >
            <input type="radio" value={choice.value} className="sr-only" {...field} />
            <span aria-hidden="true" className="text-3xl">
              {choice.icon}
            </span>
            <span className="text-lg font-semibold text-gray-900">{choice.label}</span>
            <span className="text-sm text-gray-600">{choice.description}</span>
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
