import { useRef, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { STATUS_LABELS } from '@/data/participants/status-labels';
import type { ParticipantStatus } from '@/data/participants/types';
import { usePreselectTop } from '@/data/auditions/mutations';
import type { AuditionCategory, PreselectStatus } from '@/data/auditions/types';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { categoryLabel } from './audition-labels';

/** A ranked performer a preselection may pick: scored (rank set), not absent, complete. */
export type Ranked = {
  participantId: string;
  name: string;
  rank: number | null;
  status: ParticipantStatus;
  absent?: boolean;
  incomplete?: boolean;
};

/** The button opening the dialog, per status. */
export const PRESELECT_ACTIONS: Record<PreselectStatus, string> = {
  preselectionne: 'Présélectionner les N premiers',
  finaliste: 'Désigner les finalistes',
};

const DONE: Record<PreselectStatus, (n: number) => string> = {
  preselectionne: (n) => `${n} candidat${n > 1 ? 's' : ''} présélectionné${n > 1 ? 's' : ''}`,
  finaliste: (n) => `${n} finaliste${n > 1 ? 's' : ''} désigné${n > 1 ? 's' : ''}`,
};

/**
 * How far along the pipeline a status is, as the database's private.status_step: a preselection
 * never moves anyone backwards unless ticked (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
const STEPS: readonly ParticipantStatus[] = [
  'inscrit',
  'preselectionne',
  'convoque',
  'finaliste',
  'laureat',
  'refuse',
];
const fartherThan = (r: Ranked, status: PreselectStatus) =>
  STEPS.indexOf(r.status) > STEPS.indexOf(status);

/** A scrolling list keyboard users can reach (axe scrollable-region-focusable), as DataTable's. */
const SCROLLING_REGION = { role: 'region', tabIndex: 0 } as const;

/** What a number of places picks from the ranking (complete performers only), or why it cannot. */
export function pickTop(ranked: readonly Ranked[], n: number) {
  const eligible = ranked
    .filter((r) => r.rank !== null && !r.absent && !r.incomplete)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  if (!Number.isInteger(n) || n < 1 || n > eligible.length)
    return {
      picked: [],
      error: eligible.length
        ? `Choisissez un nombre entier de 1 à ${eligible.length}.`
        : 'Aucun candidat noté à retenir.',
    };
  const picked = eligible.slice(0, n);
  const next = eligible[n];
  if (next && next.rank === picked[n - 1].rank)
    return {
      picked,
      error: `Égalité à la limite : ${picked[n - 1].name} et ${next.name} sont ex aequo. Choisissez un autre nombre.`,
    };
  return { picked, error: undefined };
}

/**
 * "Présélectionner les N premiers" / "Désigner les finalistes" (admins): the number chosen, the
 * dialog names who is picked before anything changes, and those already further along with a
 * checkbox each (unticked: they keep their status); admin_preselect_top then sets the status
 * through the pipeline (history and journal), with the ticked ids as its explicit `move_back`,
 * and refuses a tie at the cut as this does.
 */
export function PreselectDialog({
  category,
  status,
  ranked,
  sessionId,
  onClose,
}: {
  category: AuditionCategory;
  status: PreselectStatus;
  /** In rank order. */
  ranked: readonly Ranked[];
  /** One session's ranking; none: the ranking across cities. */
  sessionId?: string;
  onClose: () => void;
}) {
  const preselect = usePreselectTop();
  const eligible = ranked.filter((r) => r.rank !== null && !r.absent && !r.incomplete).length;
  const [count, setCount] = useState(String(Math.min(eligible, 5)));
  const [shown, setShown] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const field = useRef<HTMLInputElement>(null);
  const n = count.trim() === '' ? Number.NaN : Number(count);
  const { picked, error } = pickTop(ranked, n);
  const statusLabel = STATUS_LABELS[status];
  const behind = error ? [] : picked.filter((r) => fartherThan(r, status));
  const moving = picked.filter((r) => !fartherThan(r, status) || ticked.has(r.participantId));
  const tick = (id: string, on: boolean) =>
    setTicked((t) => {
      const next = new Set(t);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirm = () => {
    if (error) {
      setShown(true);
      field.current?.focus();
      return;
    }
    const moveBack = behind.filter((r) => ticked.has(r.participantId)).map((r) => r.participantId);
    preselect.mutate(
      { category, n, status, sessionId, moveBack },
      {
        onSuccess: ({ updated }) => {
          notify.success(DONE[status](updated));
          onClose();
        },
        onError: (e) =>
          notify.error(toDataError(e, 'La sélection n’a pas pu être enregistrée.').message),
      },
    );
  };

  return (
    <ConfirmDialog
      open
      role="dialog"
      title={status === 'finaliste' ? 'Désigner les finalistes' : 'Présélectionner les premiers'}
      message={`${categoryLabel(category)} : les premiers du classement sur la note normalisée passent au statut « ${statusLabel} ». L’historique du participant et le journal gardent le changement.`}
      confirmLabel={status === 'finaliste' ? 'Désigner les finalistes' : 'Présélectionner'}
      busy={preselect.isPending}
      confirmDisabled={!error && moving.length === 0}
      busyLabel="Enregistrement…"
      initialFocus={field}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <Field
        label="Nombre de candidats"
        required
        error={shown ? error : undefined}
        className="mt-4"
      >
        <input
          ref={field}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, eligible)}
          value={count}
          onChange={(e) => {
            setCount(e.target.value);
            setShown(true);
          }}
        />
      </Field>
      {behind.length > 0 && (
        <fieldset className="mt-4">
          <legend className="font-medium text-gray-900">
            Déjà plus loin que « {statusLabel} » : cochez ceux qui doivent y revenir
          </legend>
          <p className="text-sm text-gray-700">Sans coche, ils gardent leur statut.</p>
          <ul className="mt-1 space-y-1">
            {behind.map((r) => (
              <li key={r.participantId}>
                <label className="flex items-center gap-2 text-gray-900">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={ticked.has(r.participantId)}
                    onChange={(e) => tick(r.participantId, e.target.checked)}
                  />
                  {`${r.name} (${STATUS_LABELS[r.status]})`}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {moving.length === 0 && !error && (
        <p className="mt-2 text-sm text-gray-800">
          Personne ne changerait de statut{'\u00a0'}: cochez au moins un candidat ou changez le
          nombre.
        </p>
      )}
      {moving.length > 0 && !error && (
        <div className="mt-4" aria-live="polite">
          <p className="font-medium text-gray-900">Passeront au statut « {statusLabel} » :</p>
          {/* A focusable region: a long list scrolls, and keyboard users must reach it. */}
          <div
            {...SCROLLING_REGION}
            aria-label="Candidats retenus"
            className="mt-1 max-h-48 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ol className="list-decimal pl-6 text-gray-900">
              {moving.map((r) => (
                <li key={r.participantId}>{r.name}</li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </ConfirmDialog>
  );
}
