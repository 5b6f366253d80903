type FormAlertProps = {
  /** The French sentence to show; nothing is rendered without one. */
  message: string | null | undefined;
  className?: string;
};

/**
 * Why a submission failed, shown next to the submit button (not in a toast, which disappears and
 * is far from the form). role="alert" makes screen readers announce it when it appears: a form
 * clears its message when a new submission starts, so the same refusal twice is announced twice.
 * Dark red on light red: contrast above 7:1; the icon repeats the meaning for those who do not
 * perceive the colour.
 */
export function FormAlert({ message, className = '' }: FormAlertProps) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={`flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 ${className}`.trim()}
    >
      {/* Heroicons (MIT) exclamation-circle, 20 px solid. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="mt-px size-5 shrink-0 text-red-700"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <p>{message}</p>
    </div>
  );
}
