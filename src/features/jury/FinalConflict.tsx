import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import { CONFLICT_ERROR, declareConflict } from '@/data/auditions/final-jury';
import { toDataError } from '@/lib/errors';

type Props = {
  sessionId: string;
  performer: { id: string; name: string };
  online: boolean;
  /** Reads the session again: the performer then shows as recused (my_conflicts). */
  refresh: () => Promise<void>;
};

const REASON_MAX = 200;

/**
 * A final's judge declares a conflict of interest with a performer before scoring them
 * (docs/decisions/047-the-final.md): their card is then refused and the performer's score is
 * the mean of the other judges'. The button only asks; the confirmation says what follows. The
 * declaration needs the network (the database decides, refuses once a card of theirs exists).
 */
export function FinalConflict({ sessionId, performer, online, refresh }: Props) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) box.current?.focus();
  }, [asking]);

  const declare = async () => {
    setBusy(true);
    setFailure(null);
    setReasonError(undefined);
    try {
      await declareConflict(sessionId, performer.id, reason);
      await refresh();
    } catch (error) {
      const refused = fieldRefusal(error);
      if (refused?.field === 'reason') setReasonError(refused.message);
      else setFailure(toDataError(error, CONFLICT_ERROR).message);
    } finally {
      setBusy(false);
    }
  };

  if (!asking)
    return (
      <div className="rounded-lg border border-gray-300 bg-gray-50 p-3">
        <p className="text-sm text-gray-800">
          Un lien avec ce candidat (famille, élève, collègue…) ? Déclarez-le avant de noter.
        </p>
        <Button
          variant="secondary"
          className="mt-2"
          disabled={!online}
          onClick={() => setAsking(true)}
        >
          Déclarer un conflit d’intérêts…
        </Button>
        {!online && <p className="mt-1 text-sm text-gray-800">La déclaration demande le réseau.</p>}
      </div>
    );

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby="jury-conflict-title"
      className="space-y-3 rounded-lg border-2 border-amber-700 bg-white p-4 outline-none"
    >
      <p id="jury-conflict-title" className="text-lg font-bold text-gray-900">
        Conflit d’intérêts avec {performer.name} ?
      </p>
      <p className="text-gray-800">
        Vous ne noterez pas ce candidat : sa note sera la moyenne des autres jurés. Le journal garde
        votre déclaration.
      </p>
      <Field
        label="Raison (facultative)"
        error={reasonError}
        hint={`${REASON_MAX} caractères au plus.`}
      >
        <input
          type="text"
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-3">
        <Button
          busy={busy}
          busyLabel="Déclaration…"
          disabled={!online}
          onClick={() => void declare()}
        >
          Je déclare un conflit d’intérêts
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
          Annuler
        </Button>
      </div>
    </div>
  );
}

/** In place of the scorecard: this judge is recused for the performer. */
export function Recused({ last, onNext }: { last: boolean; onNext: () => void }) {
  return (
    <div className="space-y-3">
      <p className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-gray-900">
        Vous avez déclaré un conflit d’intérêts avec ce candidat : vous ne le notez pas. Sa note est
        la moyenne des autres jurés.
      </p>
      <Button onClick={onNext}>{last ? 'Fin de la session' : 'Suivant'}</Button>
    </div>
  );
}
