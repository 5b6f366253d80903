import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Logo, NIGHT_PARTY_LOGO_LIGHT } from '@/components/brand/Logo';
import { DOOR_NAMES_LOAD_ERROR, getDoorNames } from '@/data/staff/door-names';
import { toDataError } from '@/lib/errors';

type Props = {
  email: string;
  /** The door this phone used last: chosen again only if it is still declared. */
  current: string | null;
  onChosen: (door: string) => void;
  onSignOut: () => void;
};

const CHOOSE = 'Choisissez votre porte.';
const NONE_DECLARED =
  'Aucune porte n’est déclarée : un administrateur les indique dans Paramètres, « Portes du concert ».';

type Load =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; doors: string[] };

/**
 * Right after the sign-in, the steward picks their door among those the admins declared
 * (docs/decisions/043-the-door-fits-the-hand.md): no account starts as a "Porte 1" that nobody
 * chose, so the entries per door are right without anyone thinking to rename it.
 */
export function DoorChoice({ email, current, onChosen, onSignOut }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const id = useId();

  const fetchDoors = useCallback(
    () =>
      getDoorNames().then(
        (doors) => {
          setLoad({ state: 'ready', doors });
          setChosen(current && doors.includes(current) ? current : null);
        },
        (e) => setLoad({ state: 'failed', message: toDataError(e, DOOR_NAMES_LOAD_ERROR).message }),
      ),
    [current],
  );
  useEffect(() => void fetchDoors(), [fetchDoors]);
  const retry = () => {
    setLoad({ state: 'loading' });
    void fetchDoors();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError(CHOOSE);
      return document.querySelector<HTMLInputElement>(`input[name="${id}-door"]`)?.focus();
    }
    onChosen(chosen);
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-900 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <Logo logo={NIGHT_PARTY_LOGO_LIGHT} alt="Booster Night Party" className="h-12 w-auto" />
        <h1 className="mt-1 text-2xl font-bold text-gray-900">Votre porte</h1>
        <p className="mt-2 wrap-anywhere text-gray-700">Connecté : {email}</p>
        {load.state === 'loading' && (
          <p role="status" className="mt-6 text-gray-900">
            Chargement des portes…
          </p>
        )}
        {load.state === 'failed' && (
          <div className="mt-6 space-y-3">
            <FormAlert message={load.message} />
            <Button size="block" onClick={retry}>
              Réessayer
            </Button>
          </div>
        )}
        {load.state === 'ready' && load.doors.length === 0 && (
          <div className="mt-6">
            <FormAlert message={NONE_DECLARED} />
          </div>
        )}
        {load.state === 'ready' && load.doors.length > 0 && (
          <form
            onSubmit={submit}
            noValidate
            className="mt-6 space-y-4"
            aria-label="Choix de la porte"
          >
            <fieldset
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
            >
              <legend className="text-base font-semibold text-gray-900">
                À quelle porte contrôlez-vous ?
              </legend>
              <div className="mt-3 space-y-2">
                {load.doors.map((door) => (
                  <label
                    key={door}
                    className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border-2 border-gray-300 px-4 py-2 text-lg font-semibold text-gray-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus-ring)"
                  >
                    <input
                      type="radio"
                      name={`${id}-door`}
                      value={door}
                      checked={chosen === door}
                      onChange={() => {
                        setChosen(door);
                        setError(undefined);
                      }}
                      className="size-5 accent-brand-700"
                    />
                    <span className="wrap-anywhere">{door}</span>
                  </label>
                ))}
              </div>
              {error && (
                <p id={`${id}-error`} className="mt-2 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </fieldset>
            <Button type="submit" size="block" className="min-h-14 text-lg">
              Commencer le contrôle
            </Button>
          </form>
        )}
        <Button variant="secondary" size="block" className="mt-4" onClick={onSignOut}>
          Déconnexion
        </Button>
      </div>
    </main>
  );
}
