import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import {
  DOOR_NAMES_LOAD_ERROR,
  DOOR_NAMES_SAVE_ERROR,
  getDoorNames,
  saveDoorNames,
} from '@/data/staff/door-names';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { QueryStatus } from '../ui/ListState';
import { card } from '../ui/classes';

const DOOR_NAMES_KEY = ['door-names'] as const;

const HELP =
  'Une porte par ligne, ex. « Porte 1 » (20 au plus). À la connexion, chaque compte de la porte choisit la sienne dans cette liste : les entrées se comptent par porte.';

/** The lines of the text area, blank ones left out (the database cleans and checks each name). */
const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/**
 * The Night Party's doors (docs/decisions/043-the-door-fits-the-hand.md): admins declare them,
 * readers read them. The database refuses a bad or repeated name and journals each change.
 */
export function DoorNamesPanel({ canWrite }: { canWrite: boolean }) {
  const doors = useQuery({
    queryKey: DOOR_NAMES_KEY,
    queryFn: getDoorNames,
    meta: { errorMessage: DOOR_NAMES_LOAD_ERROR },
  });
  return (
    <section aria-labelledby="door-names-title" className={`${card} space-y-4`}>
      <h2 id="door-names-title" className="text-lg font-semibold text-gray-900">
        Portes du concert
      </h2>
      <QueryStatus query={doors} loadingText="Chargement des portes…" />
      {doors.data &&
        (canWrite ? (
          <DoorNamesForm names={doors.data} />
        ) : doors.data.length > 0 ? (
          <ul className="list-disc pl-6 text-gray-900">
            {doors.data.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-800">Aucune porte n’est encore déclarée.</p>
        ))}
    </section>
  );
}

function DoorNamesForm({ names }: { names: string[] }) {
  const client = useQueryClient();
  const [text, setText] = useState(names.join('\n'));
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: saveDoorNames,
    onSuccess: (saved) => {
      client.setQueryData(DOOR_NAMES_KEY, saved);
      setText(saved.join('\n'));
      setError(undefined);
      notify.success('Portes enregistrées');
    },
    onError: (e) => {
      setError(toDataError(e, DOOR_NAMES_SAVE_ERROR).message);
      document.getElementById('door-names')?.focus();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(linesOf(text));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Portes du concert" className="space-y-3">
      <Field label="Portes (une par ligne)" required hint={HELP} error={error}>
        <textarea
          id="door-names"
          rows={Math.min(8, Math.max(3, names.length + 1))}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" busy={save.isPending} busyLabel="Enregistrement…">
        Enregistrer les portes
      </Button>
    </form>
  );
}
