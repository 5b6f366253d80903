import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { focusElement, keepTabInside } from '@/lib/move-focus';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /**
   * The button that keeps things as they are ("Annuler" by default). Named for what it keeps when
   * the action is itself a cancellation: "Garder la réservation" beside "Annuler la réservation".
   */
  cancelLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  /** The confirm button alone is unavailable (nothing to confirm yet); cancelling still works. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where the focus goes when the dialog closes, when not back where it was: the list's heading
   * once the row that opened it is deleted (that button is about to disappear).
   */
  returnFocus?: () => HTMLElement | null;
  /** What the dialog asks for besides a yes or no (a field), between the message and the buttons. */
  children?: ReactNode;
  /** Where the focus goes when it opens, when not its cancel button (that field). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'dialog' when it asks for something ('alertdialog', a confirmation, by default). */
  role?: 'alertdialog' | 'dialog';
};

/**
 * A modal confirmation (role="alertdialog"): focus goes to its cancel button (or `initialFocus`), Escape cancels, Tab stays
 * inside, and focus returns where it was when the dialog closes (or to `returnFocus()`). While
 * busy its buttons are aria-disabled, not disabled: a disabled button would drop the focus.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Annuler',
  busy,
  busyLabel,
  confirmDisabled,
  onConfirm,
  onCancel,
  returnFocus,
  children,
  initialFocus,
  role = 'alertdialog',
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const focusOnClose = useEffectEvent((previous: HTMLElement | null) => {
    focusElement(returnFocus?.() ?? previous);
  });

  const focusOnOpen = useEffectEvent(() => (initialFocus?.current ?? cancelRef.current)?.focus());

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    focusOnOpen();
    return () => focusOnClose(previous);
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      onCancel();
    } else keepTabInside(e, 'input, textarea, select, button');
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      {/* Keyboard handling of a modal (Escape, focus trap) belongs on the dialog itself. */}
      <div
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-gray-700">
          {message}
        </p>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={busy ? undefined : onCancel}
            aria-disabled={busy || undefined}
            className="rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-50"
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={busy || confirmDisabled ? undefined : onConfirm}
            aria-disabled={busy || confirmDisabled || undefined}
            className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 aria-disabled:cursor-wait aria-disabled:opacity-50"
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
