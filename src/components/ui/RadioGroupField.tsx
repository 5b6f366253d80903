import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Option = { value: string; label: ReactNode };

type RadioGroupFieldProps = {
  legend: ReactNode;
  options: readonly Option[];
  /** What `register(name)` returns; spread on every radio. */
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
  className?: string;
  /**
   * The option checked in the HTML before any script (a prerendered form, ADR 026): the same as
   * the form's default value, so the page shows it from its first paint.
   */
  defaultValue?: string;
};

/**
 * A radio group with its question and error, the radio counterpart of Field: the error is under
 * the group, its border turns red, and the group (role radiogroup, named by the question) gets
 * aria-invalid and aria-describedby.
 */
export function RadioGroupField({
  legend,
  options,
  registration,
  error,
  required,
  className,
  defaultValue,
}: RadioGroupFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      className={`min-w-0 rounded-lg border p-3 ${error ? 'border-red-600' : 'border-gray-300'} ${className ?? ''}`}
    >
      <p id={labelId} className="text-sm font-medium text-gray-800">
        {legend}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </p>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 text-gray-900 wrap-anywhere"
          >
            <input
              type="radio"
              value={option.value}
              defaultChecked={
                defaultValue === undefined ? undefined : defaultValue === option.value
              }
              {...registration}
              className="size-5 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
