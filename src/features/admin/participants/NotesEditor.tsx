import { useState, type FormEvent } from 'react';
import { useSyncedState } from '@/lib/use-synced-state';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import { PipelineFieldError } from '@/data/participants/pipeline';
import type { Participant } from '@/data/participants/types';
import { useSetNotes } from '@/data/participants/pipeline-mutations';

const NOTES_MAX = 2000;

/** The organisers' internal notes on a participant (never shown to them). */
export function NotesEditor({
  participant: p,
  canWrite,
}: {
  participant: Participant;
  canWrite: boolean;
}) {
  const saved = p.notes ?? '';
  const [notes, setNotes] = useSyncedState(saved);
  const [error, setError] = useState<string | undefined>();
  const mutation = useSetNotes(p.id);

  if (!canWrite) {
    return (
      <div>
        <h3 className="mb-2 font-semibold text-gray-900">Notes internes</h3>
        <p className="whitespace-pre-line text-gray-800">{saved || 'Aucune note'}</p>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (notes.trim().length > NOTES_MAX) {
      setError(`Les notes ne peuvent pas dépasser ${NOTES_MAX} caractères.`);
      return;
    }
    setError(undefined);
    mutation.mutate(notes, {
      onSuccess: () => notify.success('Notes enregistrées'),
      onError: (err) =>
        err instanceof PipelineFieldError ? setError(err.message) : notify.error(err.message),
    });
  };

  return (
    <form aria-label="Notes internes" onSubmit={submit} noValidate className="space-y-2">
      <Field label="Notes internes" hint="Visibles par l’équipe seulement." error={error}>
        <textarea rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        disabled={notes === saved}
        busy={mutation.isPending}
        busyLabel="Enregistrement…"
      >
        Enregistrer les notes
      </Button>
    </form>
  );
}
