import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { CATEGORY_LABELS } from '@/config/edition';
import { auditionCriteriaQuery } from '@/data/auditions/queries';
import { useSaveAuditionCriteria } from '@/data/auditions/mutations';
import {
  AUDITION_CATEGORIES,
  type AuditionCategory,
  type CriterionSetting,
} from '@/data/auditions/types';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { QueryStatus } from '../ui/ListState';
import { card } from '../ui/classes';
import { ErrorSummary, focusErrorSummary } from '../ui/ErrorSummary';
import {
  criteriaSchema,
  draftsOf,
  MAX_CRITERIA,
  MIN_CRITERIA,
  rowsOf,
  weightSum,
  type CriterionRow,
} from './criteria-rules';
import { useSummaryForm } from '../ui/use-summary-form';

type CriteriaValues = { rows: CriterionRow[] };

/** Why the weights of a session stop following these settings (the database's rule). */
export const CRITERIA_HELP =
  'Chaque juré note chaque critère de 0 à 10 ; la note d’un candidat est la moyenne pondérée par ces poids, qui totalisent 100. Une session reprend les critères de sa catégorie jusqu’à sa première note, puis les garde : les changer ici ne modifie pas une session déjà notée.';

const SAVED: Record<AuditionCategory, string> = {
  dance: 'Critères de la danse enregistrés',
  singing: 'Critères du chant enregistrés',
};

/** A category's criteria (admins): labels and weights, added, removed, saved together. */
function CategoryCriteriaForm({
  category,
  criteria,
}: {
  category: AuditionCategory;
  criteria: CriterionSetting[];
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSummaryForm(criteriaSchema, { rows: rowsOf(criteria) });
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const rows = useWatch({ control, name: 'rows' });
  const save = useSaveAuditionCriteria();
  const id = useId();
  const label = CATEGORY_LABELS[category];
  const sumId = `${id}-sum`;
  const sumErrorId = `${id}-sum-error`;
  const focusSummary = focusErrorSummary(`${id}-errors`);

  const submit = (values: CriteriaValues) => {
    save.mutate(
      { category, criteria: draftsOf(values.rows) },
      {
        onSuccess: (set) => {
          reset({ rows: rowsOf(set[category]) });
          notify.success(SAVED[category]);
        },
        onError: (e) => {
          // The database's own sentence about the list (private.invalid 'criteria'), in the form.
          const refused = fieldRefusal(e);
          if (refused) {
            setError('root.count', { message: refused.message });
            focusSummary();
          } else
            notify.error(toDataError(e, 'Les critères n’ont pas pu être enregistrés.').message);
        },
      },
    );
  };

  const sum = weightSum(rows);
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit, focusSummary)}
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {label}
      </h3>
      {Object.keys(errors).length > 0 && <ErrorSummary id={`${id}-errors`} />}
      <fieldset
        aria-describedby={[sumId, errors.root?.sum && sumErrorId].filter(Boolean).join(' ')}
        className="min-w-0 space-y-3"
      >
        <legend className="sr-only">Critères et poids : {label}</legend>
        {fields.map((row, i) => (
          <fieldset
            key={row.id}
            className="grid min-w-0 items-start gap-3 rounded-lg border border-gray-200 p-3"
          >
            <legend className="px-1 text-sm font-medium text-gray-800">Critère {i + 1}</legend>
            <Field label="Libellé" error={errors.rows?.[i]?.label?.message} required>
              <input maxLength={40} {...register(`rows.${i}.label`)} />
            </Field>
            <Field label="Poids" error={errors.rows?.[i]?.weight?.message} required>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                {...register(`rows.${i}.weight`)}
              />
            </Field>
            <Button
              variant="dangerOutline"
              aria-disabled={fields.length <= MIN_CRITERIA || undefined}
              onClick={() => fields.length > MIN_CRITERIA && remove(i)}
            >
              Retirer <span className="sr-only">le critère {i + 1}</span>
            </Button>
          </fieldset>
        ))}
      </fieldset>
      <p id={sumId} className="text-gray-800" aria-live="polite">
        Total des poids : <strong>{sum}</strong> / 100
      </p>
      {errors.root?.sum && (
        <p id={sumErrorId} role="alert" className="text-sm text-red-700">
          {errors.root.sum.message}
        </p>
      )}
      {errors.root?.count && (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.count.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          aria-disabled={fields.length >= MAX_CRITERIA || undefined}
          onClick={() => fields.length < MAX_CRITERIA && append({ label: '', weight: '' })}
        >
          Ajouter un critère <span className="sr-only">: {label}</span>
        </Button>
        <Button type="submit" busy={save.isPending} busyLabel="Enregistrement…">
          Enregistrer <span className="sr-only">les critères : {label}</span>
        </Button>
      </div>
    </form>
  );
}

/** A category's criteria as text, for a reader. */
function CriteriaList({
  category,
  criteria,
}: {
  category: AuditionCategory;
  criteria: CriterionSetting[];
}) {
  return (
    <div>
      <h3 className="text-lg font-semibold text-gray-900">{CATEGORY_LABELS[category]}</h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        {[...criteria]
          .sort((a, b) => a.position - b.position)
          .map((c) => (
            <div key={c.key} className="contents">
              <dt className="text-gray-800">{c.label}</dt>
              <dd className="text-right font-medium text-gray-900">{c.weight}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/**
 * "Critères du jury" in the settings (issue 30): each category's criteria and weights; admins
 * edit them, readers read them.
 */
export function CriteriaPanel({ canWrite }: { canWrite: boolean }) {
  const criteria = useQuery(auditionCriteriaQuery());
  return (
    <section aria-labelledby="criteria-title" className={`${card} space-y-4`}>
      <h2 id="criteria-title" className="text-lg font-semibold text-gray-900">
        Critères du jury
      </h2>
      <p className="text-gray-700">{CRITERIA_HELP}</p>
      <QueryStatus query={criteria} loadingText="Chargement des critères…" />
      {criteria.data && (
        <div className="grid gap-8 lg:grid-cols-2">
          {AUDITION_CATEGORIES.map((c) =>
            canWrite ? (
              <CategoryCriteriaForm key={c} category={c} criteria={criteria.data[c]} />
            ) : (
              <CriteriaList key={c} category={c} criteria={criteria.data[c]} />
            ),
          )}
        </div>
      )}
    </section>
  );
}
