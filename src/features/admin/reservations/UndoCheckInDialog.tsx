import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { UNDO_REASON_INVALID, UNDO_REASON_MAX } from '@/data/night-party-admin';
import type { Reservation } from '@/data/types';
import { focusElement, keepTabInside } from '@/lib/move-focus';
import { doorLabel } from './reservation-states';
import { formatDateTime } from '@/lib/dates';

type Props = {
  /** The entry to undo; null: the dialog is closed. */
  reservation: Reservation | null;
  busy: boolean;
  /** The database's refusal of the reason, shown under the field. */
  error?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/**
 * Undoing an entry (admin_undo_check_in) asks why: the reason is required (3 to 300
 * characters) and written in the journal. A modal dialog like ConfirmDialog: focus in the
 * reason, Escape cancels, Tab stays inside, focus returns where it was. Keyed by reservation
 * where it is rendered, so each opening starts with an empty reason.
 */
export function UndoCheckInDialog({ reservation: r, busy, error, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const messageId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const open = r !== null;

  const focusOnClose = useEffectEvent((previous: HTMLElement | null) => focusElement(previous));
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    reasonRef.current?.focus();
    return () => void focusOnClose(previous);
  }, [open]);

  if (!r) return null;

  const clean = reason.replace(/\s+/g, ' ').trim();
  const valid = clean.length >= 3 && clean.length <= UNDO_REASON_MAX;
  const fieldError = tried && !valid ? UNDO_REASON_INVALID : error;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!valid) return reasonRef.current?.focus();
    if (!busy) onConfirm(clean);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      onCancel();
    } else keepTabInside(e, 'textarea, button');
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      {/* Keyboard handling of a modal (Escape, focus trap) belongs on the dialog itself. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Annuler l’entrée de {r.fullName} ?
        </h2>
        <p id={messageId} className="mt-2 text-gray-700">
          Entrée validée le {r.checkedInAt ? formatDateTime(r.checkedInAt) : ''} ({doorLabel(r)}).
          Le pass redeviendra valide pour entrer. Le motif est inscrit au journal.
        </p>
        <form noValidate onSubmit={submit} className="mt-4">
          <Field label="Motif" required error={fieldError} hint="Ex. : pass scanné par erreur.">
            <textarea
              ref={reasonRef}
              rows={3}
              maxLength={UNDO_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={busy ? undefined : onCancel}
              aria-disabled={busy || undefined}
              className="rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:opacity-50"
            >
              Garder l’entrée
            </button>
            <button
              type="submit"
              aria-disabled={busy || undefined}
              className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 aria-disabled:cursor-wait aria-disabled:opacity-50"
            >
              {busy ? 'Annulation…' : 'Annuler l’entrée'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
