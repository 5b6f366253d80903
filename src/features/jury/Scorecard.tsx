import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import type { Criterion, OtherCard, Performer } from '@/data/auditions/types';
import { weightedTotal, type CardChange, type DeviceCard } from './card-queue';
import { COMMENT_MAX, COMMENT_TOO_LONG, CRITERION_REQUIRED, formatScore } from './jury-text';
import { ScoreControl } from './ScoreControl';

type CardValues = { absent: boolean; comment: string; scores: Record<string, number | undefined> };

/** The card's rules: a comment of COMMENT_MAX at most; each criterion scored unless absent. */
const cardSchema = (criteria: Criterion[]) =>
  z
    .object({
      absent: z.boolean(),
      comment: z.string().check(z.maxLength(COMMENT_MAX, COMMENT_TOO_LONG)),
      scores: z.record(z.string(), z.optional(z.number())),
    })
    .check(
      z.superRefine(({ absent, scores }, ctx) => {
        if (absent) return;
        for (const c of criteria)
          if (scores[c.id] === undefined)
            ctx.issues.push({
              code: 'custom',
              message: CRITERION_REQUIRED,
              path: ['scores', c.id],
              input: scores,
            });
      }),
    );

type Props = {
  performer: Performer;
  criteria: Criterion[];
  card: DeviceCard | undefined;
  locked: boolean;
  /** After the lock: the other judges' totals for this performer. */
  others: OtherCard[];
  last: boolean;
  onSave: (change: CardChange) => Promise<unknown>;
  onNext: () => void;
};

/**
 * The scorecard of one performer: each criterion of their category from 0 to 10 in half points,
 * the weighted total, a short comment, "Absent", "Suivant". Kept on the device when saved, sent
 * when the network allows (./use-jury-session.ts). Read only once the session is locked.
 */
export function Scorecard({
  performer,
  criteria,
  card,
  locked,
  others,
  last,
  onSave,
  onNext,
}: Props) {
  const resolver = useMemo(() => zodResolver(cardSchema(criteria)), [criteria]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    clearErrors,
    formState: { errors },
  } = useForm<CardValues>({
    resolver,
    defaultValues: {
      absent: card?.absent ?? false,
      comment: card?.comment ?? '',
      scores: { ...(card?.scores ?? {}) },
    },
    // The focus goes as the judge reads: the criteria first, then the comment (below).
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const [absent, comment, scores] = useWatch({ control, name: ['absent', 'comment', 'scores'] });
  const [busy, setBusy] = useState(false);
  const total = weightedTotal(criteria, scores);
  const fieldId = (c: Criterion) => `score-${c.id}`;

  const setScore = (id: string, value: number) => {
    setValue(`scores.${id}`, value);
    clearErrors(`scores.${id}`);
  };

  const save = async (change: CardChange) => {
    setBusy(true);
    try {
      await onSave(change);
      onNext();
    } finally {
      setBusy(false);
    }
  };

  const next = (values: CardValues) => {
    const scored = Object.fromEntries(criteria.map((c) => [c.id, values.scores[c.id] ?? 0]));
    void save({
      absent: values.absent,
      comment: values.comment.trim(),
      scores: values.absent ? {} : scored,
    });
  };

  const refused = (found: typeof errors) => {
    const first = criteria.find((c) => found.scores?.[c.id]);
    document.getElementById(first ? fieldId(first) : 'jury-comment')?.focus();
  };

  const markAbsent = () => {
    setValue('absent', true);
    clearErrors();
    void save({ absent: true, comment: getValues('comment').trim(), scores: {} });
  };

  return (
    <form
      aria-label={`Notes de ${performer.name}`}
      noValidate
      className="space-y-5"
      onSubmit={handleSubmit(next, refused)}
    >
      {absent ? (
        <div className="space-y-3 rounded-xl border-2 border-brand-700 bg-amber-50 p-4">
          <p className="font-semibold text-gray-900">Candidat marqué absent.</p>
          {!locked && (
            <Button
              type="button"
              variant="secondary"
              size="lg"
              onClick={() => setValue('absent', false)}
            >
              Noter quand même
            </Button>
          )}
        </div>
      ) : (
        <div className="space-y-5">
          {criteria.map((c) => (
            <ScoreControl
              key={c.id}
              id={fieldId(c)}
              label={c.label}
              weight={c.weight}
              value={scores[c.id]}
              error={errors.scores?.[c.id]?.message}
              disabled={locked}
              onChange={(v) => setScore(c.id, v)}
            />
          ))}
          <p className="rounded-xl bg-brand-50 p-4 text-lg text-gray-900">
            Total pondéré :{' '}
            <strong className="text-2xl tabular-nums">
              {total === null ? '—' : formatScore(total)}
            </strong>{' '}
            / 10
          </p>
        </div>
      )}
      <Field
        label="Commentaire (facultatif)"
        hint={`${comment.length} / ${COMMENT_MAX} caractères`}
        error={errors.comment?.message}
      >
        <textarea
          id="jury-comment"
          rows={2}
          maxLength={COMMENT_MAX}
          readOnly={locked}
          {...register('comment', { onChange: () => clearErrors('comment') })}
        />
      </Field>
      {others.length > 0 && (
        <section aria-label="Notes des autres jurés" className="rounded-xl bg-gray-50 p-4">
          <h3 className="font-semibold text-gray-900">Les autres jurés</h3>
          <ul className="mt-2 space-y-1 text-gray-900">
            {others.map((o) => (
              <li key={o.judge}>
                {o.judge} :{' '}
                {o.absent ? 'absent' : o.total === null ? '—' : `${formatScore(o.total)} / 10`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!locked && (
        <div className="grid grid-cols-2 gap-3">
          <Button
            type="button"
            variant="secondary"
            size="block"
            onClick={markAbsent}
            disabled={busy}
          >
            Absent
          </Button>
          <Button type="submit" size="block" busy={busy} busyLabel="Enregistrement…">
            {last ? 'Enregistrer' : 'Suivant'}
          </Button>
        </div>
      )}
    </form>
  );
}
