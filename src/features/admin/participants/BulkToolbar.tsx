import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import {
  PARTICIPANT_STATUSES,
  type Participant,
  type ParticipantStatus,
} from '@/data/participants/types';
import { ConvocationLinks } from './ConvocationLinks';
import { SelectPageCheckbox } from './SelectionCheckboxes';
import { SendConvocations } from './SendConvocations';
import { SlotForm, type Slot } from './SlotForm';
import { StatusBadge } from './StatusBadge';
import { statusAfterSlot, STATUS_LABELS, statusOf } from './status-labels';
import { useAssignSlot, useSetStatus } from '@/data/participants/pipeline-mutations';
import type { Selection } from './use-selection';

const plural = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

/**
 * The actions on the ticked participants of the list (admins): one status for all, one audition
 * slot for all, their convocations sent by WhatsApp or SMS through the outbox, or prepared one by
 * one. Each action is one database call.
 */
export function BulkToolbar({
  selection,
  pageCount,
}: {
  selection: Selection<Participant>;
  /** Rows on the page shown. */
  pageCount: number;
}) {
  const { selected } = selection;
  const [status, setStatus] = useState<ParticipantStatus | ''>('');
  const [showConvocations, setShowConvocations] = useState(false);
  // Convocations queued from this page and not yet accepted by the provider (notified then).
  const [queued, setQueued] = useState<ReadonlySet<string>>(new Set());
  const setStatusOf = useSetStatus();
  const assign = useAssignSlot();
  const ids = selected.map((p) => p.id);
  const n = selected.length;

  const applyStatus = (e: FormEvent) => {
    e.preventDefault();
    if (!status) {
      notify.error('Choisissez un statut.');
      return;
    }
    setStatusOf.mutate(
      { ids, status },
      {
        onSuccess: (changed) =>
          notify.success(`Statut « ${STATUS_LABELS[status]} » appliqué à ${plural(changed)}`),
        onError: (err) => notify.error(err.message),
      },
    );
  };

  const assignSlot = ({ city, at }: Slot) => {
    // Those the slot convokes (admin_assign_slot): named in the toast (issue 27).
    const convoked = selected.filter((p) => statusAfterSlot(statusOf(p)) !== statusOf(p)).length;
    assign.mutate(
      { ids, city, at },
      {
        onSuccess: (changed) =>
          notify.success(
            `Créneau attribué à ${plural(changed)} : ${city}, ${formatEventDate(at)} à ${formatEventTime(at)}` +
              (convoked > 0
                ? ` ; ${plural(convoked)} ${convoked > 1 ? 'passent' : 'passe'} au statut « ${STATUS_LABELS.convoque} »`
                : ''),
          ),
        onError: (err) => notify.error(err.message),
      },
    );
  };

  return (
    // One line while nothing is selected (issue 40: with the filters, the help box left room
    // for two participants on a laptop's first screen).
    <section
      aria-label="Actions sur la sélection"
      className="space-y-4 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-sm sm:px-6 lg:py-0.5"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <SelectPageCheckbox
          all={selection.allOnPage}
          some={selection.someOnPage}
          count={pageCount}
          onToggle={selection.togglePage}
        />
        {/* 16 rem at least: on a phone the sentence takes its own line rather than 4 px. */}
        <p className="min-w-0 flex-1 basis-64 text-sm text-gray-800" aria-live="polite">
          {n === 0
            ? 'Cochez des participants pour changer leur statut, leur attribuer un créneau d’audition ou préparer leur convocation.'
            : `${n > 1 ? `${n} participants sélectionnés` : '1 participant sélectionné'}`}
        </p>
        {n > 0 && (
          <Button variant="secondary" onClick={selection.clear}>
            Tout désélectionner
          </Button>
        )}
      </div>
      {n > 0 && (
        <>
          <form
            aria-label="Changer le statut de la sélection"
            onSubmit={applyStatus}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field label="Nouveau statut">
              <select
                value={status}
                onChange={(e) => setStatus(e.target.value as ParticipantStatus | '')}
              >
                <option value="">Choisir…</option>
                {PARTICIPANT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            <Button type="submit" busy={setStatusOf.isPending} busyLabel="Application…">
              Appliquer le statut
            </Button>
          </form>
          <SlotForm
            label="Attribuer un créneau à la sélection"
            submitLabel="Attribuer le créneau"
            busy={assign.isPending}
            onAssign={assignSlot}
          />
          <SendConvocations
            selected={selected}
            onQueued={(queuedIds) => {
              setQueued((before) => new Set([...before, ...queuedIds]));
              setShowConvocations(true);
            }}
          />
          <Button
            variant="secondary"
            aria-expanded={showConvocations}
            aria-controls={showConvocations ? 'convocations' : undefined}
            onClick={() => setShowConvocations((s) => !s)}
          >
            {showConvocations ? 'Masquer les convocations' : 'Préparer les convocations'}
          </Button>
          {showConvocations && (
            <ul id="convocations" aria-label="Convocations" className="divide-y divide-gray-100">
              {selected.map((p) => (
                <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <span className="font-medium text-gray-900 sm:w-56">{p.fullName}</span>
                  <StatusBadge status={statusOf(p)} />
                  <ConvocationLinks participant={p} canWrite queued={queued.has(p.id)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
