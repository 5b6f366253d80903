import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
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
import { ErrorSummary, focusErrorSummary } from '../ui/ErrorSummary';
import { SESSION_CATEGORY_LABELS } from './audition-labels';
import {
  AUDITION_CITIES,
  cleanDraft,
  draftOf,
  newSessionDraft,
  SESSION_FIELDS,
  sessionSchema,
} from './session-rules';
import { useSummaryForm } from '../ui/use-summary-form';

const focusSummary = focusErrorSummary('session-errors');

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
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useSummaryForm(sessionSchema, session ? draftOf(session) : newSessionDraft());
  const [city, judges] = useWatch({ control, name: ['city', 'judges'] });
  const accounts = useQuery(juryAccountsQuery());
  const save = useSaveAuditionSession();

  /** Another city: its audition address, unless the venue was typed by hand. */
  const setCity = (city: AuditionSessionCity) => {
    const { city: was, venue } = getValues();
    setValue('city', city);
    if (venue.trim() === '' || venue === auditionVenue(was)) setValue('venue', auditionVenue(city));
  };

  const toggleJudge = (userId: string, on: boolean) => {
    const { judges: were, lead: was } = getValues();
    const judges = on ? [...were, userId] : were.filter((j) => j !== userId);
    // The only judge leads; a lead taken off the session leaves the choice open.
    setValue('judges', judges);
    setValue('lead', judges.length === 1 ? judges[0] : judges.includes(was) ? was : '');
  };

  const submit = (values: SessionDraft) => {
    save.mutate(cleanDraft(values), {
      onSuccess: () => {
        notify.success(session ? 'Session enregistrée' : 'Session créée');
        onDone();
      },
      onError: (e) => {
        // A field the database refused (a session already set for that city and day): under it.
        const refused = fieldRefusal(e);
        const field = refused && SESSION_FIELDS[refused.field];
        if (refused && field) {
          setError(field, { message: refused.message });
          focusSummary();
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
  const chosen = options.filter((a) => judges.includes(a.userId));
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit, focusSummary)}
      aria-labelledby="session-editor-title"
      className={`${card} space-y-5`}
    >
      <h2 id="session-editor-title" className="text-xl font-bold text-gray-900">
        {session ? 'Modifier la session' : 'Nouvelle session'}
      </h2>
      <RequiredLegend />
      {Object.keys(errors).length > 0 && <ErrorSummary id="session-errors" />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Ville" error={errors.city?.message} required>
          <select
            value={city}
            onChange={(e) => setCity(AUDITION_CITIES.find((c) => c === e.target.value) ?? city)}
          >
            {AUDITION_CITIES.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Jour"
          error={errors.heldOn?.message}
          required
          hint="Jour de l’audition, à Douala."
        >
          <input type="date" {...register('heldOn')} />
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
              <input type="radio" value={c} {...register('category')} className="size-5" />
              {SESSION_CATEGORY_LABELS[c]}
            </label>
          ))}
        </div>
        {errors.category && (
          <p id="session-category-error" role="alert" className="text-sm text-red-700">
            {errors.category.message}
          </p>
        )}
      </fieldset>
      <Field
        label="Lieu"
        error={errors.venue?.message}
        required
        hint="L’adresse des auditions de la ville, telle que la convocation la donne."
      >
        <input maxLength={200} {...register('venue')} />
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
                  checked={judges.includes(a.userId)}
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
            {errors.judges.message}
          </p>
        )}
      </fieldset>
      <Field
        label="Juré principal"
        error={errors.lead?.message}
        required
        hint="Il verrouille la session quand chaque juré a noté chaque candidat présent."
      >
        <select {...register('lead')}>
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
