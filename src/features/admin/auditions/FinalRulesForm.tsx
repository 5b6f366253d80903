import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { auditionCriteriaQuery } from '@/data/auditions/queries';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import type { FinalCategory, FinalState } from '@/data/final/admin';
import { useSaveFinalRules } from '@/data/final/mutations';
import { voteRoundsQuery } from '@/data/vote/queries';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import {
  fieldOfKey,
  finalRulesSchema,
  publicShareOf,
  toFinalRulesDraft,
  toFinalRulesFormValues,
  type FinalRulesFormValues,
} from './final-rules-schema';
import { categoryLabel } from './audition-labels';

const PROPOSED = 'Modification proposée\u00a0: un autre administrateur doit l’approuver.';

/**
 * A category's final rules (admins, docs/decisions/047-the-final.md): the jury's share (the
 * public's is the rest), the criterion of the tie-break chain, the vote rounds that count, when
 * the results are announced. Saved by admin_save_final_rules: applied at once before the rules
 * are published, proposed for a second admin after. A value the database refuses is shown under
 * its field, and nothing is stored.
 */
export function FinalRulesForm({
  category,
  state,
}: {
  category: FinalCategory;
  state: FinalState;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FinalRulesFormValues>({
    resolver: zodResolver(finalRulesSchema),
    defaultValues: toFinalRulesFormValues(state),
  });
  const criteria = useQuery(auditionCriteriaQuery()).data?.[category] ?? [];
  const rounds = useQuery(voteRoundsQuery()).data ?? [];
  const save = useSaveFinalRules();
  const id = useId();
  const roundsErrorId = `${id}-rounds-error`;
  const published = state.rulesPublishedAt !== null;
  const publicShare = publicShareOf(useWatch({ control, name: 'juryShare' }));

  const onSubmit = async (values: FinalRulesFormValues) => {
    // Published rules: a save proposes a change, and one waiting blocks the next (409); an
    // unchanged form would only block (docs/decisions/047-the-final.md).
    if (!isDirty) {
      notify.info('Aucune modification à enregistrer');
      return;
    }
    try {
      const result = await save.mutateAsync({ category, draft: toFinalRulesDraft(values) });
      reset(values);
      // Proposed: the view then says the change waits for a second admin (FinalView).
      notify.success(result === 'proposed' ? PROPOSED : 'Règles de la finale enregistrées');
    } catch (e) {
      const refused = fieldRefusal(e);
      const field = refused ? fieldOfKey(refused.field) : undefined;
      if (refused && field)
        setError(field, { type: 'server', message: refused.message }, { shouldFocus: true });
      else notify.error(toDataError(e, 'Les règles n’ont pas pu être enregistrées.').message);
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={`Règles de la finale (${categoryLabel(category).toLowerCase()})`}
      className="space-y-4 border-t border-gray-200 pt-4"
    >
      {published && (
        <p className="text-gray-800">
          Les règles sont publiées et figées&nbsp;: un changement enregistré ici est proposé, et ne
          s’applique qu’une fois approuvé par un autre administrateur.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Part du jury (%)"
          required
          hint={
            publicShare === null
              ? 'De 0 à 100 ; le public a le reste.'
              : publicShare === 0
                ? 'Public 0\u00a0%\u00a0: jury seulement.'
                : `Public ${publicShare}\u00a0%.`
          }
          error={errors.juryShare?.message}
        >
          <input type="text" inputMode="numeric" autoComplete="off" {...register('juryShare')} />
        </Field>
        <Field
          label="Critère qui départage"
          hint="À égalité : la note du jury, puis ce critère, puis la voix du juré principal."
          error={errors.criterion?.message}
        >
          <select {...register('criterion')}>
            <option value="">Aucun (jury puis juré principal)</option>
            {criteria.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <fieldset
          aria-describedby={errors.rounds ? roundsErrorId : undefined}
          aria-invalid={errors.rounds ? true : undefined}
          className={`min-w-0 rounded-lg border p-3 sm:col-span-2 ${errors.rounds ? 'border-red-600' : 'border-gray-300'}`}
        >
          <legend className="px-1 text-sm font-medium text-gray-800">
            Manches du vote du public qui comptent
          </legend>
          {rounds.length === 0 ? (
            <p className="text-sm text-gray-700">Aucune manche de vote créée.</p>
          ) : (
            <div className="flex flex-col gap-1">
              {rounds.map((r) => (
                <label
                  key={r.id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-gray-900 wrap-anywhere"
                >
                  <input
                    type="checkbox"
                    value={r.id}
                    {...register('rounds')}
                    className="size-5 shrink-0 accent-blue-700"
                  />
                  {r.title}
                </label>
              ))}
            </div>
          )}
          {publicShare === 0 && (
            <p className="text-sm text-gray-700">Jury seulement&nbsp;: aucune manche ne compte.</p>
          )}
          {errors.rounds && (
            <p id={roundsErrorId} className="mt-1 text-sm text-red-700" role="alert">
              {errors.rounds.message}
            </p>
          )}
        </fieldset>
        <Field
          label="Annonce des résultats (heure de Douala)"
          hint="Facultatif : affichée sur /reglement."
          error={errors.resultsExpectedAt?.message}
        >
          <input type="datetime-local" {...register('resultsExpectedAt')} />
        </Field>
      </div>
      <Button type="submit" busy={isSubmitting} busyLabel="Enregistrement…">
        {published ? 'Proposer ce changement' : 'Enregistrer les règles'}
      </Button>
    </form>
  );
}
