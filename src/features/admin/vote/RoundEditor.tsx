import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { linkableParticipantsQuery } from '@/data/vote/queries';
import { useSaveVoteRound } from '@/data/vote/mutations';
import { ELIGIBILITY_LABELS } from '@/data/vote/labels';
import { ELIGIBILITIES, type RoundDraft, type VoteRound } from '@/data/vote/types';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { card } from '../ui/classes';
import { ErrorSummary, focusErrorSummary } from '../ui/ErrorSummary';
import { CandidateRows } from './CandidateRows';
import {
  cleanDraft,
  draftOf,
  hasErrors,
  newRoundDraft,
  onlyTitle,
  roundSchema,
  type RoundErrors,
} from './round-rules';
import { useSummaryForm } from '../ui/use-summary-form';

const focusSummary = focusErrorSummary('round-errors');

/**
 * A round's form (admins): title, order, duration, who may vote and the candidates; once the
 * round is opened, only its title (the database refuses anything else).
 */
export function RoundEditor({
  round,
  rounds,
  onDone,
}: {
  /** The round edited; none for a new one. */
  round?: VoteRound;
  rounds: VoteRound[];
  onDone: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors: fieldErrors },
  } = useSummaryForm(roundSchema, round ? draftOf(round) : newRoundDraft(rounds));
  const candidates = useWatch({ control, name: 'candidates' });
  const save = useSaveVoteRound();
  const locked = onlyTitle(round);
  const participants = useQuery({ ...linkableParticipantsQuery(), enabled: !locked });
  // The candidates' rows read the messages by row (./CandidateRows.tsx).
  const errors: RoundErrors = {
    title: fieldErrors.title?.message,
    position: fieldErrors.position?.message,
    duration: fieldErrors.durationSeconds?.message,
    candidates: fieldErrors.root?.candidates?.message,
    rows: Object.fromEntries(
      candidates.flatMap((_, i) => {
        const row = fieldErrors.candidates?.[i];
        if (!row) return [];
        return [
          [i, { number: row.number?.message, name: row.name?.message, line: row.line?.message }],
        ];
      }),
    ),
  };

  const submit = (draft: RoundDraft) => {
    save.mutate(cleanDraft(draft), {
      onSuccess: () => {
        notify.success(round ? 'Manche enregistrée' : 'Manche créée');
        onDone();
      },
      onError: (e) =>
        notify.error(toDataError(e, 'La manche n’a pas pu être enregistrée.').message),
    });
  };

  const heading = round
    ? locked
      ? 'Renommer la manche'
      : 'Modifier la manche'
    : 'Nouvelle manche';
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit, focusSummary)}
      aria-labelledby="round-editor-title"
      className={`${card} space-y-5`}
    >
      <h2 id="round-editor-title" className="text-xl font-bold text-gray-900">
        {heading}
      </h2>
      {hasErrors(errors) && <ErrorSummary id="round-errors" />}
      {locked && (
        <p className="rounded-lg bg-amber-50 p-3 text-gray-900">
          Cette manche a été ouverte : seul son titre peut encore changer.
        </p>
      )}
      <Field label="Titre" error={errors.title} required hint="Ex. Compétition de chant">
        <input maxLength={80} {...register('title')} />
      </Field>
      {!locked && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Ordre" error={errors.position} required hint="Place dans la soirée.">
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                {...register('position', { valueAsNumber: true })}
              />
            </Field>
            <Field
              label="Durée (secondes)"
              error={errors.duration}
              required
              hint="De 15 à 900 secondes (90 par défaut)."
            >
              <input
                type="number"
                inputMode="numeric"
                min={15}
                max={900}
                {...register('durationSeconds', { valueAsNumber: true })}
              />
            </Field>
          </div>
          <fieldset className="space-y-2" aria-describedby="eligibility-hint">
            <legend className="text-sm font-medium text-gray-800">Qui peut voter</legend>
            <p id="eligibility-hint" className="text-sm text-gray-600">
              Par défaut, seuls les pass validés à l’entrée votent&nbsp;: des pass réservés en série
              ne votent pas sans passer la porte. Une manche en ligne n’accepte que les pass
              réservés avant sa création (et ceux validés à l’entrée)&nbsp;: un pass réservé ensuite
              est refusé.
            </p>
            {ELIGIBILITIES.map((e) => (
              <label key={e} className="flex min-h-11 items-center gap-3 text-gray-900">
                <input
                  type="radio"
                  value={e}
                  {...register('eligibility')}
                  className="size-5 shrink-0"
                />
                {ELIGIBILITY_LABELS[e]}
                {e === 'checked_in' && ' (par défaut)'}
              </label>
            ))}
          </fieldset>
          <CandidateRows
            candidates={candidates}
            errors={errors}
            participants={participants.data ?? []}
            onChange={(next) => setValue('candidates', next)}
          />
        </>
      )}
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
