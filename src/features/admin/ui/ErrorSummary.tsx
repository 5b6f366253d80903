/**
 * The line above an admin form's fields when any is refused (by the form's schema or the
 * database): the focus goes to it, so a screen reader hears that something is to fix, then the
 * fields say what (their messages are tied to them).
 */
export function ErrorSummary({ id }: { id: string }) {
  return (
    <p
      id={id}
      tabIndex={-1}
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-red-800 outline-none"
    >
      Corrigez les champs signalés.
    </p>
  );
}

/** Gives the summary `id` the focus once it is on screen (after the render that shows it). */
export const focusErrorSummary = (id: string) => () =>
  void setTimeout(() => document.getElementById(id)?.focus());
