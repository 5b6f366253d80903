import { useRef, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { UNDO_REASON_INVALID, UNDO_REASON_MAX } from '@/data/door/check-in-by-hand';
import type { Reservation } from '@/data/reservations/types';
import { formatEventDateTime } from '@/lib/dates';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { doorLabel } from './reservation-states';

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
 * characters) and written in the journal. The shared modal (ConfirmDialog) with the reason's
 * field, which takes the focus. Keyed by reservation where it is rendered, so each opening
 * starts with an empty reason.
 */
export function UndoCheckInDialog({ reservation: r, busy, error, onConfirm, onCancel }: Props) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  const clean = reason.replace(/\s+/g, ' ').trim();
  const valid = clean.length >= 3 && clean.length <= UNDO_REASON_MAX;
  const fieldError = tried && !valid ? UNDO_REASON_INVALID : error;

  const confirm = () => {
    setTried(true);
    if (!valid) return reasonRef.current?.focus();
    onConfirm(clean);
  };

  return (
    <ConfirmDialog
      open={r !== null}
      role="dialog"
      title={r ? `Annuler l’entrée de ${r.fullName} ?` : ''}
      message={
        r
          ? `Entrée validée le ${r.checkedInAt ? formatEventDateTime(r.checkedInAt) : ''} (${doorLabel(r)}). ` +
            'Le pass redeviendra valide pour entrer. Le motif est inscrit au journal.'
          : ''
      }
      confirmLabel="Annuler l’entrée"
      cancelLabel="Garder l’entrée"
      busy={busy}
      busyLabel="Annulation…"
      onConfirm={confirm}
      onCancel={onCancel}
      initialFocus={reasonRef}
    >
      <div className="mt-4">
        <Field label="Motif" required error={fieldError} hint="Ex. : pass scanné par erreur.">
          <textarea
            ref={reasonRef}
            rows={3}
            maxLength={UNDO_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
