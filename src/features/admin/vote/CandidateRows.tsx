import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import type { LinkableParticipant } from '@/data/vote/rounds';
import type { CandidateDraft } from '@/data/vote/types';
import {
  emptyCandidate,
  MAX_CANDIDATES,
  MIN_CANDIDATES,
  nextNumber,
  type RoundErrors,
} from './round-rules';

const option = (p: LinkableParticipant) => (
  <option key={p.id} value={p.id}>
    {p.name} ({p.category === 'dance' ? 'danse' : 'chant'})
  </option>
);

/** The finalists first, then the other registrants, each group by name (as listed by the data). */
function ParticipantOptions({ participants }: { participants: LinkableParticipant[] }) {
  const finalists = participants.filter((p) => p.finalist);
  const others = participants.filter((p) => !p.finalist);
  if (finalists.length === 0) return others.map(option);
  return (
    <>
      <optgroup label="Finalistes">{finalists.map(option)}</optgroup>
      {others.length > 0 && <optgroup label="Autres participants">{others.map(option)}</optgroup>}
    </>
  );
}

const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The round's candidates, one group of fields each, added and removed within 2–12. */
export function CandidateRows({
  candidates,
  errors,
  participants,
  onChange,
}: {
  candidates: CandidateDraft[];
  errors: RoundErrors;
  participants: LinkableParticipant[];
  onChange: (candidates: CandidateDraft[]) => void;
}) {
  const update = (i: number, patch: Partial<CandidateDraft>) =>
    onChange(candidates.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const remove = (i: number) => onChange(candidates.filter((_, j) => j !== i));
  const add = () => {
    onChange([...candidates, emptyCandidate(nextNumber(candidates))]);
    // The new candidate's name field, once drawn.
    setTimeout(() => document.getElementById(`candidate-${candidates.length}-name`)?.focus());
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-gray-900">
        Candidats ({candidates.length}/{MAX_CANDIDATES})
      </legend>
      {errors.candidates && (
        <p role="alert" className="text-sm text-red-700">
          {errors.candidates}
        </p>
      )}
      <ol className="space-y-3">
        {candidates.map((c, i) => {
          const e = errors.rows[i] ?? {};
          const who = `Candidat ${i + 1}`;
          return (
            <li key={i} className="rounded-lg border border-gray-200 p-3">
              <fieldset>
                <legend className="sr-only">{who}</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field label="Numéro" error={e.number} required>
                    <input
                      id={`candidate-${i}-number`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={99}
                      value={Number.isNaN(c.number) ? '' : c.number}
                      onChange={(ev) => update(i, { number: numberOf(ev.target.value) })}
                    />
                  </Field>
                  <Field
                    label="Nom"
                    error={e.name}
                    hint={c.participantId ? 'Vide : le nom du participant lié.' : undefined}
                  >
                    <input
                      id={`candidate-${i}-name`}
                      value={c.name}
                      maxLength={80}
                      onChange={(ev) => update(i, { name: ev.target.value })}
                    />
                  </Field>
                  <Field label="Une courte ligne" error={e.line}>
                    <input
                      id={`candidate-${i}-line`}
                      value={c.line}
                      maxLength={80}
                      onChange={(ev) => update(i, { line: ev.target.value })}
                    />
                  </Field>
                </div>
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <Field label="Participant du concours (facultatif)" className="flex-1">
                    <select
                      id={`candidate-${i}-participant`}
                      value={c.participantId ?? ''}
                      onChange={(ev) => update(i, { participantId: ev.target.value || null })}
                    >
                      <option value="">Aucun</option>
                      <ParticipantOptions participants={participants} />
                    </select>
                  </Field>
                  <Button
                    variant="dangerOutline"
                    disabled={candidates.length <= MIN_CANDIDATES}
                    onClick={() => remove(i)}
                  >
                    Retirer <span className="sr-only">le candidat {i + 1}</span>
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" disabled={candidates.length >= MAX_CANDIDATES} onClick={add}>
        Ajouter un candidat
      </Button>
    </fieldset>
  );
}
