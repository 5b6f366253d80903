import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import {
  draftsOf,
  hasCriteriaErrors,
  MAX_CRITERIA,
  MIN_CRITERIA,
  rowsOf,
  validateCriteria,
  weightSum,
  type CriteriaErrors,
  type CriterionRow,
} from './criteria-rules';

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
  const [rows, setRows] = useState<CriterionRow[]>(() => rowsOf(criteria));
  const [errors, setErrors] = useState<CriteriaErrors>({ rows: {} });
  const save = useSaveAuditionCriteria();
  const id = useId();
  const label = CATEGORY_LABELS[category];
  const sumId = `${id}-sum`;
  const sumErrorId = `${id}-sum-error`;
  const setRow = (index: number, patch: Partial<CriterionRow>) =>
    setRows((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateCriteria(rows);
    setErrors(found);
    if (hasCriteriaErrors(found)) {
      document.getElementById(`${id}-errors`)?.focus();
      return;
    }
    save.mutate(
      { category, criteria: draftsOf(rows) },
      {
        onSuccess: (set) => {
          setRows(rowsOf(set[category]));
          notify.success(SAVED[category]);
        },
        onError: (e) => {
          // The database's own sentence about the list (private.invalid 'criteria'), in the form.
          const refused = fieldRefusal(e);
          if (refused) {
            setErrors({ rows: {}, count: refused.message });
            setTimeout(() => document.getElementById(`${id}-errors`)?.focus());
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
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {label}
      </h3>
      {hasCriteriaErrors(errors) && (
        <p
          id={`${id}-errors`}
          tabIndex={-1}
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-red-800 outline-none"
        >
          Corrigez les champs signalés.
        </p>
      )}
      <fieldset
        aria-describedby={[sumId, errors.sum && sumErrorId].filter(Boolean).join(' ')}
        className="min-w-0 space-y-3"
      >
        <legend className="sr-only">Critères et poids : {label}</legend>
        {rows.map((row, i) => (
          <fieldset
            key={row.key ?? `new-${i}`}
            className="grid min-w-0 items-start gap-3 rounded-lg border border-gray-200 p-3"
          >
            <legend className="px-1 text-sm font-medium text-gray-800">Critère {i + 1}</legend>
            <Field label="Libellé" error={errors.rows[i]?.label} required>
              <input
                value={row.label}
                maxLength={40}
                onChange={(e) => setRow(i, { label: e.target.value })}
              />
            </Field>
            <Field label="Poids" error={errors.rows[i]?.weight} required>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={row.weight}
                onChange={(e) => setRow(i, { weight: e.target.value })}
              />
            </Field>
            <Button
              variant="dangerOutline"
              aria-disabled={rows.length <= MIN_CRITERIA || undefined}
              onClick={() =>
                rows.length > MIN_CRITERIA && setRows((list) => list.filter((_, j) => j !== i))
              }
            >
              Retirer <span className="sr-only">le critère {i + 1}</span>
            </Button>
          </fieldset>
        ))}
      </fieldset>
      <p id={sumId} className="text-gray-800" aria-live="polite">
        Total des poids : <strong>{sum}</strong> / 100
      </p>
      {errors.sum && (
        <p id={sumErrorId} role="alert" className="text-sm text-red-700">
          {errors.sum}
        </p>
      )}
      {errors.count && (
        <p role="alert" className="text-sm text-red-700">
          {errors.count}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          aria-disabled={rows.length >= MAX_CRITERIA || undefined}
          onClick={() =>
            rows.length < MAX_CRITERIA && setRows((list) => [...list, { label: '', weight: '' }])
          }
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
