import { useRef, useState } from 'react';
import { Field } from '@/components/ui/Field';
import {
  useDeleteAuditionSession,
  useLockSession,
  useUnlockSession,
} from '@/data/auditions/mutations';
import { JURY_REFUSALS } from '@/data/auditions/jury';
import type { AdminAuditionSession } from '@/data/auditions/types';
import { DataError, toDataError } from '@/lib/errors';
import { cleanLine } from '@/lib/validation';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { sessionName } from './audition-labels';

type DialogProps = {
  session: AdminAuditionSession;
  onClose: () => void;
  /** Where the focus goes once done (the page's heading: the card's buttons change). */
  returnFocus: () => HTMLElement | null;
};

const participants = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

/**
 * The refusal's details (a JSON text: [{ judge_label, performers }]) as lines naming each judge
 * with their e-mail ("Juré 2 (awa@…) : 3 participants sans note"); the database's own sentence
 * when they cannot be read.
 */
function missingLines(error: DataError, session: AdminAuditionSession): string[] {
  try {
    const raw = (error.details ?? {}) as { details?: unknown };
    const list: unknown = JSON.parse(String(raw.details));
    if (!Array.isArray(list) || list.length === 0) return [error.message];
    return list.map((m: { judge_label?: unknown; performers?: unknown }) => {
      const label = String(m.judge_label ?? '');
      const email = session.judges.find((j) => j.label === label)?.email;
      return `${label}${email ? ` (${email})` : ''} : ${participants(Number(m.performers) || 0)} sans note`;
    });
  } catch {
    return [error.message];
  }
}

/**
 * "Verrouiller" (admins, like the lead judge on /jury): asks first; when a judge has not scored
 * every present performer the database refuses and says who, and the admin may then force the
 * lock, the journal keeping who was missing.
 */
export function LockDialog({ session, onClose, returnFocus }: DialogProps) {
  const lock = useLockSession();
  /** Who has not scored, once the database refused the lock for it. */
  const [missing, setMissing] = useState<string[] | null>(null);
  const run = (force: boolean) =>
    lock.mutate(
      { sessionId: session.id, force },
      {
        onSuccess: () => {
          notify.success('Session verrouillée');
          onClose();
        },
        onError: (e) => {
          if (e instanceof DataError && e.reason === JURY_REFUSALS.scoresMissing)
            setMissing(missingLines(e, session));
          else notify.error(toDataError(e, 'La session n’a pas pu être verrouillée.').message);
        },
      },
    );
  return (
    <ConfirmDialog
      open
      title={missing ? 'Des notes manquent' : 'Verrouiller la session ?'}
      message={
        missing
          ? 'Tous les jurés n’ont pas noté chaque candidat présent. Verrouiller quand même fige la session ainsi ; le journal gardera qui n’avait pas noté.'
          : `Les notes de la session ${sessionName(session)} ne pourront plus changer, et les jurés verront les notes des autres.`
      }
      confirmLabel={missing ? 'Verrouiller quand même' : 'Verrouiller'}
      busy={lock.isPending}
      busyLabel="Verrouillage…"
      returnFocus={returnFocus}
      onCancel={onClose}
      onConfirm={() => run(missing !== null)}
    >
      {missing && (
        <ul className="mt-3 list-disc space-y-1 rounded-lg bg-amber-50 py-3 pr-3 pl-8 text-gray-900">
          {missing.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </ConfirmDialog>
  );
}

export const UNLOCK_REASON_ERROR = 'Indiquez la raison du déverrouillage (de 2 à 200 caractères).';

/**
 * "Déverrouiller" (admins only): the judges may change their scores again; the reason is asked
 * and kept in the journal by the database.
 */
export function UnlockDialog({ session, onClose, returnFocus }: DialogProps) {
  const unlock = useUnlockSession();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const confirm = () => {
    const clean = cleanLine(reason);
    if (clean.length < 2 || clean.length > 200) {
      setError(UNLOCK_REASON_ERROR);
      field.current?.focus();
      return;
    }
    unlock.mutate(
      { sessionId: session.id, reason: clean },
      {
        onSuccess: () => {
          notify.success('Session déverrouillée');
          onClose();
        },
        onError: (e) =>
          notify.error(toDataError(e, 'La session n’a pas pu être déverrouillée.').message),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      role="dialog"
      title="Déverrouiller la session ?"
      message={`Les jurés de la session ${sessionName(session)} pourront de nouveau modifier leurs notes. Le journal garde la raison.`}
      confirmLabel="Déverrouiller"
      busy={unlock.isPending}
      busyLabel="Déverrouillage…"
      returnFocus={returnFocus}
      initialFocus={field}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <Field label="Raison" required error={error} className="mt-4">
        <textarea
          ref={field}
          rows={3}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}

/** "Supprimer": a session nobody has scored yet (the database refuses once scored). */
export function DeleteDialog({ session, onClose, returnFocus }: DialogProps) {
  const remove = useDeleteAuditionSession();
  return (
    <ConfirmDialog
      open
      title="Supprimer la session ?"
      message={`La session ${sessionName(session)} et ses jurés seront supprimés ; les candidats gardent leur convocation.`}
      confirmLabel="Supprimer"
      busy={remove.isPending}
      busyLabel="Suppression…"
      returnFocus={returnFocus}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(session.id, {
          onSuccess: () => {
            notify.success('Session supprimée');
            onClose();
          },
          onError: (e) =>
            notify.error(toDataError(e, 'La session n’a pas pu être supprimée.').message),
        })
      }
    />
  );
}
