import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  className?: string;
};

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** One input, select or textarea. It receives id, aria-invalid, aria-required, aria-describedby. */
  children: ReactElement<ControlProps>;
  className?: string;
};

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm focus:outline-hidden focus:ring-2 ${
    invalid
      ? 'border-red-600 focus:border-red-700 focus:ring-red-700'
      : 'border-gray-300 focus:border-blue-700 focus:ring-blue-700'
  }`;

/** Label + control + hint + error, wired for assistive technologies. The one way to build a field. */
export function Field({ label, error, hint, required, children, className }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    // min-w-0: in a grid or flex row, the field may be narrower than its input's intrinsic width
    // (a text input is about 20 characters wide, 600 px with text at 200 %).
    <div className={`min-w-0 ${className ?? ''}`.trim()}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        // The * is hidden from assistive technology: the field says it is required instead.
        'aria-required': required || undefined,
        'aria-describedby': describedBy,
        className: `${controlClass(Boolean(error))} ${children.props.className ?? ''}`.trim(),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
