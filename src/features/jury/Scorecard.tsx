import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import type { Criterion, OtherCard, Performer } from '@/data/auditions/types';
import { weightedTotal, type CardChange, type DeviceCard } from './card-queue';
import { COMMENT_MAX, COMMENT_TOO_LONG, CRITERION_REQUIRED, formatScore } from './jury-text';
import { ScoreControl } from './ScoreControl';

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
  const [scores, setScores] = useState<Record<string, number | undefined>>(() => ({
    ...(card?.scores ?? {}),
  }));
  const [comment, setComment] = useState(card?.comment ?? '');
  const [absent, setAbsent] = useState(card?.absent ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const total = weightedTotal(criteria, scores);
  const fieldId = (c: Criterion) => `score-${c.id}`;

  const setScore = (id: string, value: number) => {
    setScores((s) => ({ ...s, [id]: value }));
    setErrors(({ [id]: _, ...rest }) => rest);
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

  const next = () => {
    const found: Record<string, string> = {};
    if (comment.length > COMMENT_MAX) found.comment = COMMENT_TOO_LONG;
    if (!absent)
      for (const c of criteria) if (scores[c.id] === undefined) found[c.id] = CRITERION_REQUIRED;
    setErrors(found);
    const first = criteria.find((c) => found[c.id]);
    if (first) return document.getElementById(fieldId(first))?.focus();
    if (found.comment) return document.getElementById('jury-comment')?.focus();
    const values = Object.fromEntries(criteria.map((c) => [c.id, scores[c.id] ?? 0]));
    void save({ absent, comment: comment.trim(), scores: absent ? {} : values });
  };

  const markAbsent = () => {
    setAbsent(true);
    setErrors({});
    void save({ absent: true, comment: comment.trim(), scores: {} });
  };

  return (
    <form
      aria-label={`Notes de ${performer.name}`}
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      {absent ? (
        <div className="space-y-3 rounded-xl border-2 border-brand-700 bg-amber-50 p-4">
          <p className="font-semibold text-gray-900">Candidat marqué absent.</p>
          {!locked && (
            <Button type="button" variant="secondary" size="lg" onClick={() => setAbsent(false)}>
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
              error={errors[c.id]}
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
        error={errors.comment}
      >
        <textarea
          id="jury-comment"
          rows={2}
          maxLength={COMMENT_MAX}
          value={comment}
          readOnly={locked}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors(({ comment: _, ...rest }) => rest);
          }}
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
