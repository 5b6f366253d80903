import { useState, type FormEvent } from 'react';
import { useSyncedState } from '@/lib/use-synced-state';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import {
  PARTICIPANT_STATUSES,
  type Participant,
  type ParticipantStatus,
} from '@/data/participants/types';
import { Item, Section } from './detail-parts';
import { useCanWrite } from '../workspace/use-staff-role';
import { ConvocationLinks } from './ConvocationLinks';
import { SendConvocations } from './SendConvocations';
import { NotesEditor } from './NotesEditor';
import { ParticipationCertificate } from './ParticipationCertificate';
import { SlotForm } from './SlotForm';
import { StatusBadge } from './StatusBadge';
import { StatusHistory } from './StatusHistory';
import { slotStatusText, STATUS_LABELS, statusOf } from './status-labels';
import { useAssignSlot, useSetStatus } from '@/data/participants/pipeline-mutations';
import { slotText } from './use-pipeline-list';

/** Status change of one participant (admins). */
function StatusForm({ participant: p }: { participant: Participant }) {
  const current = statusOf(p);
  const [status, setStatus] = useSyncedState<ParticipantStatus>(current);
  const mutation = useSetStatus();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(
      { ids: [p.id], status },
      {
        onSuccess: () => notify.success(`Statut de ${p.fullName} : ${STATUS_LABELS[status]}`),
        onError: (err) => notify.error(err.message),
      },
    );
  };
  return (
    <form
      aria-label="Changer le statut"
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field label="Statut">
        <select value={status} onChange={(e) => setStatus(e.target.value as ParticipantStatus)}>
          {PARTICIPANT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      <Button
        type="submit"
        variant="secondary"
        disabled={status === current}
        busy={mutation.isPending}
        busyLabel="Enregistrement…"
      >
        Changer le statut
      </Button>
    </form>
  );
}

/**
 * A participant's place in the contest, on their page: status, audition slot, convocation
 * (through the outbox by SMS or WhatsApp, or from the organiser's own WhatsApp or mail app;
 * "notifié le …"), internal notes and the history of status changes.
 * Readers see it all; only admins change it.
 */
export function ContestSection({ participant: p }: { participant: Participant }) {
  const canWrite = useCanWrite();
  const assign = useAssignSlot();
  const [queued, setQueued] = useState(false);
  const slot = slotText(p) ?? 'Aucun créneau';
  return (
    <Section title="Concours">
      <div className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Item term="Statut">
            <StatusBadge status={statusOf(p)} />
          </Item>
          <Item term="Audition">{slot}</Item>
        </dl>
        {canWrite && <StatusForm participant={p} />}
        {canWrite && (
          <SlotForm
            label="Créneau d’audition"
            submitLabel="Enregistrer le créneau"
            initial={{ city: p.auditionCity ?? null, at: p.auditionAt ?? null }}
            busy={assign.isPending}
            onAssign={({ city, at }) =>
              assign.mutate(
                { ids: [p.id], city, at },
                {
                  onSuccess: () => {
                    const moved = slotStatusText(statusOf(p));
                    notify.success(
                      `Créneau de ${p.fullName} enregistré${moved ? ` ; ${moved}` : ''}`,
                    );
                  },
                  onError: (err) => notify.error(err.message),
                },
              )
            }
          />
        )}
        <div>
          <h3 className="mb-2 font-semibold text-gray-900">Convocation</h3>
          <div className="space-y-3">
            {canWrite && (
              <SendConvocations
                one
                selected={[p]}
                onQueued={(ids) => setQueued(ids.includes(p.id))}
              />
            )}
            <ConvocationLinks participant={p} canWrite={canWrite} queued={queued} />
          </div>
        </div>
        {canWrite && <ParticipationCertificate participant={p} />}
        <NotesEditor participant={p} canWrite={canWrite} />
        <StatusHistory participantId={p.id} />
      </div>
    </Section>
  );
}
