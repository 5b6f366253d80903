import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { auditionVenue } from '@/config/auditions';
import { juryAccountsQuery } from '@/data/auditions/queries';
import { useSaveAuditionSession } from '@/data/auditions/mutations';
import {
  SESSION_CATEGORIES,
  type AdminAuditionSession,
  type AuditionSessionCity,
  type SessionDraft,
} from '@/data/auditions/types';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { card } from '../ui/classes';
import { SESSION_CATEGORY_LABELS } from './audition-labels';
import {
  AUDITION_CITIES,
  cleanDraft,
  draftOf,
  hasErrors,
  newSessionDraft,
  SESSION_FIELDS,
  validateSession,
  type SessionErrors,
} from './session-rules';

const errorBox = 'rounded-lg bg-red-50 p-3 text-red-800 outline-none';

/**
 * A session's form (admins): city, day, category, venue (the city's audition address, from the
 * edition's configuration, until changed), the judges among the jury accounts and the lead judge.
 */
export function SessionEditor({
  session,
  onDone,
}: {
  /** The session edited; none for a new one. */
  session?: AdminAuditionSession;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<SessionDraft>(() =>
    session ? draftOf(session) : newSessionDraft(),
  );
  const [errors, setErrors] = useState<SessionErrors>({});
  const accounts = useQuery(juryAccountsQuery());
  const save = useSaveAuditionSession();
  const set = (patch: Partial<SessionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  /** Another city: its audition address, unless the venue was typed by hand. */
  const setCity = (city: AuditionSessionCity) =>
    setDraft((d) => ({
      ...d,
      city,
      venue:
        d.venue.trim() === '' || d.venue === auditionVenue(d.city) ? auditionVenue(city) : d.venue,
    }));

  const toggleJudge = (userId: string, on: boolean) =>
    setDraft((d) => {
      const judges = on ? [...d.judges, userId] : d.judges.filter((j) => j !== userId);
      // The only judge leads; a lead taken off the session leaves the choice open.
      const lead = judges.length === 1 ? judges[0] : judges.includes(d.lead) ? d.lead : '';
      return { ...d, judges, lead };
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateSession(draft);
    setErrors(found);
    if (hasErrors(found)) {
      document.getElementById('session-errors')?.focus();
      return;
    }
    save.mutate(cleanDraft(draft), {
      onSuccess: () => {
        notify.success(session ? 'Session enregistrée' : 'Session créée');
        onDone();
      },
      onError: (e) => {
        // A field the database refused (a session already set for that city and day): under it.
        const refused = fieldRefusal(e);
        const field = refused && SESSION_FIELDS[refused.field];
        if (refused && field) {
          setErrors({ [field]: refused.message });
          setTimeout(() => document.getElementById('session-errors')?.focus());
        } else notify.error(toDataError(e, 'La session n’a pas pu être enregistrée.').message);
      },
    });
  };

  const judgesError = errors.judges ? 'session-judges-error' : undefined;
  // The session's judges stay listed even when their account no longer has the role jury.
  const options = [
    ...(accounts.data ?? []),
    ...(session?.judges ?? [])
      .filter((j) => !accounts.data?.some((a) => a.userId === j.userId))
      .map((j) => ({ userId: j.userId, email: j.email })),
  ];
  const chosen = options.filter((a) => draft.judges.includes(a.userId));
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="session-editor-title"
      className={`${card} space-y-5`}
    >
      <h2 id="session-editor-title" className="text-xl font-bold text-gray-900">
        {session ? 'Modifier la session' : 'Nouvelle session'}
      </h2>
      <RequiredLegend />
      {hasErrors(errors) && (
        <p id="session-errors" tabIndex={-1} role="alert" className={errorBox}>
          Corrigez les champs signalés.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Ville" error={errors.city} required>
          <select
            value={draft.city}
            onChange={(e) =>
              setCity(AUDITION_CITIES.find((c) => c === e.target.value) ?? draft.city)
            }
          >
            {AUDITION_CITIES.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Jour" error={errors.heldOn} required hint="Jour de l’audition, à Douala.">
          <input
            type="date"
            value={draft.heldOn}
            onChange={(e) => set({ heldOn: e.target.value })}
          />
        </Field>
      </div>
      <fieldset
        className="space-y-2"
        aria-describedby={errors.category ? 'session-category-error' : undefined}
      >
        <legend className="text-sm font-medium text-gray-800">Catégorie</legend>
        <div className="flex flex-wrap gap-x-6">
          {SESSION_CATEGORIES.map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-3 text-gray-900">
              <input
                type="radio"
                name="session-category"
                value={c}
                checked={draft.category === c}
                onChange={() => set({ category: c })}
                className="size-5"
              />
              {SESSION_CATEGORY_LABELS[c]}
            </label>
          ))}
        </div>
        {errors.category && (
          <p id="session-category-error" role="alert" className="text-sm text-red-700">
            {errors.category}
          </p>
        )}
      </fieldset>
      <Field
        label="Lieu"
        error={errors.venue}
        required
        hint="L’adresse des auditions de la ville, telle que la convocation la donne."
      >
        <input
          value={draft.venue}
          maxLength={200}
          onChange={(e) => set({ venue: e.target.value })}
        />
      </Field>
      <fieldset className="space-y-2" aria-describedby={judgesError}>
        <legend className="text-sm font-medium text-gray-800">
          Jurés
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        {accounts.isPending && <p className="text-sm text-gray-700">Chargement des jurés…</p>}
        {accounts.error && (
          <p role="alert" className="text-sm text-red-700">
            Erreur lors du chargement des jurés
          </p>
        )}
        {accounts.data && options.length === 0 && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-gray-900">
            Aucun compte juré : créez d’abord les comptes des jurés (rôle « jury »).
          </p>
        )}
        <ul className="grid gap-1 sm:grid-cols-2">
          {options.map((a) => (
            <li key={a.userId}>
              <label className="flex min-h-11 items-center gap-3 break-all text-gray-900">
                <input
                  type="checkbox"
                  checked={draft.judges.includes(a.userId)}
                  onChange={(e) => toggleJudge(a.userId, e.target.checked)}
                  className="size-5 shrink-0"
                />
                {a.email}
              </label>
            </li>
          ))}
        </ul>
        {errors.judges && (
          <p id={judgesError} role="alert" className="text-sm text-red-700">
            {errors.judges}
          </p>
        )}
      </fieldset>
      <Field
        label="Juré principal"
        error={errors.lead}
        required
        hint="Il verrouille la session quand chaque juré a noté chaque candidat présent."
      >
        <select value={draft.lead} onChange={(e) => set({ lead: e.target.value })}>
          <option value="">{chosen.length ? 'Choisissez…' : 'Choisissez d’abord les jurés'}</option>
          {chosen.map((a) => (
            <option key={a.userId} value={a.userId}>
              {a.email}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={save.isPending} busyLabel="Enregistrement…">
          Enregistrer
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
