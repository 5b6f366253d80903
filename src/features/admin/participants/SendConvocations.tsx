import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import type { Participant } from '@/data/participants/types';
import type { PhoneChannel } from '@/data/outbox/types';
import { useSendConvocations } from '@/data/outbox/mutations';
import { SpendConfirmationError, type SpendAsk } from '@/data/shared/spend';
import { SpendConfirmDialog } from '../ui/SpendConfirmDialog';
import { hasSlot } from './convocation';

const CHANNELS: Record<PhoneChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };
const participants = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

/**
 * "Envoyer les convocations": the convocation of every ticked participant with an audition slot,
 * by WhatsApp or SMS, through the outbox (admin_send_convocations: once per participant and
 * slot). A participant is recorded as notified only once the provider accepted their message;
 * meanwhile their convocation is "en file d’envoi" (`onQueued` tells the list which). On a
 * participant's page (`one`), the same for them alone: the site sends convocations only this way
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md).
 */
export function SendConvocations({
  selected,
  onQueued,
  one = false,
}: {
  selected: Participant[];
  onQueued: (ids: string[]) => void;
  /** One participant's page: "Envoyer la convocation" rather than the selection's. */
  one?: boolean;
}) {
  const [channel, setChannel] = useState<PhoneChannel>('whatsapp');
  const send = useSendConvocations();
  const withSlot = selected.filter(hasSlot);
  /** More than a handful: the count and cost the database asked to confirm (ADR 037). */
  const [ask, setAsk] = useState<SpendAsk | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withSlot.length === 0) {
      notify.error('Aucun participant sélectionné n’a de créneau d’audition.');
      return;
    }
    queue();
  };

  const queue = (confirm?: number) => {
    const ids = withSlot.map((p) => p.id);
    send.mutate(
      { ids, channel, confirm },
      {
        onSuccess: ({ queued, skipped }) => {
          onQueued(ids.filter((id) => !selected.find((p) => p.id === id)?.notifiedAt));
          notify.success(
            `Convocation mise en file d’envoi pour ${participants(queued)} (${CHANNELS[channel]})` +
              (skipped > 0
                ? `\u00a0; ${participants(skipped)} déjà convoqué(s) à ce créneau ou sans créneau`
                : ''),
          );
        },
        onError: (err) => {
          if (err instanceof SpendConfirmationError) setAsk(err.ask);
          else notify.error(err.message);
        },
      },
    );
  };

  return (
    <form
      aria-label={
        one
          ? `Envoyer la convocation de ${selected[0]?.fullName ?? ''} par la file d’envoi`
          : 'Envoyer les convocations de la sélection'
      }
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Field
        label="Convocation par"
        hint={
          withSlot.length === selected.length
            ? undefined
            : `${participants(selected.length - withSlot.length)} sans créneau d’audition\u00a0: pas de convocation.`
        }
      >
        <select value={channel} onChange={(e) => setChannel(e.target.value as PhoneChannel)}>
          {(Object.keys(CHANNELS) as PhoneChannel[]).map((c) => (
            <option key={c} value={c}>
              {CHANNELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Button
        type="submit"
        busy={send.isPending}
        busyLabel="Mise en file…"
        disabled={withSlot.length === 0}
      >
        {one ? 'Envoyer la convocation' : 'Envoyer les convocations'}
      </Button>
      <SpendConfirmDialog
        ask={ask}
        what="Cet envoi"
        busy={send.isPending}
        onConfirm={(count) => {
          setAsk(null);
          queue(count);
        }}
        onCancel={() => setAsk(null)}
      />
    </form>
  );
}
