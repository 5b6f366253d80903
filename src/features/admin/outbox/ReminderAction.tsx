import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import { formatCount } from '@/lib/numbers';
import { PHONE_CHANNELS, type PhoneChannel, type ReminderPreview } from '@/data/outbox/types';
import { messageSettingsQuery, reminderPreviewQuery } from '@/data/outbox/queries';
import { useSendReminder } from '@/data/outbox/mutations';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CHANNEL_LABELS, formatFcfa } from './outbox-labels';

/** The channels a reminder goes by (a pass has a phone, no e-mail). */
const REMINDER_CHANNELS = PHONE_CHANNELS;

const passes = (n: number) => (n > 1 ? `${formatCount(n)} pass confirmés` : `${n} pass confirmé`);

/** The passes still to send to: those that do not have this concert's reminder yet. */
const toSend = (p: ReminderPreview) => Math.max(0, p.recipients - p.alreadyQueued);

/**
 * Who gets it and, by SMS, what it costs: the passes still to send to × the parts of the message
 * × the price of a part (a setting).
 */
function PreviewFigures({ preview }: { preview: ReminderPreview }) {
  return (
    <dl className="mt-4 grid grid-cols-1 gap-y-1 text-sm text-gray-800">
      <div>
        <dt className="inline font-semibold">Destinataires : </dt>
        <dd className="inline">
          {passes(toSend(preview))}
          {preview.alreadyQueued > 0 &&
            ` (${formatCount(preview.alreadyQueued)} sur ${formatCount(preview.recipients)} l’ont déjà reçu)`}
        </dd>
      </div>
      {preview.segments !== null && (
        <div>
          <dt className="inline font-semibold">Segments SMS : </dt>
          <dd className="inline">
            {preview.segments} par message ({preview.encoding})
          </dd>
        </div>
      )}
      {preview.estimatedCost !== null && preview.pricePerSegment !== null && (
        <div>
          <dt className="inline font-semibold">Coût estimé : </dt>
          <dd className="inline">
            {formatFcfa(preview.estimatedCost)} ({formatFcfa(preview.pricePerSegment)} par segment)
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * "Envoyer le rappel": the reminder of the concert to every confirmed pass, after a preview of
 * the text as it will be sent, the number of recipients and, by SMS, the segments and the
 * estimated cost (the price of a segment is a setting). The database queues one message per
 * pass and concert date (admin_send_reminder): sending it twice queues nothing twice.
 */
export function ReminderAction() {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<PhoneChannel>('sms');
  // The channel the settings name for the reminder is the one offered first.
  const settings = useQuery(messageSettingsQuery());
  const select = useRef<HTMLSelectElement>(null);
  // Read anew each time the dialog opens: passes are confirmed and cancelled meanwhile.
  const preview = useQuery({ ...reminderPreviewQuery(channel), enabled: open, staleTime: 0 });
  const send = useSendReminder();
  const count = preview.data ? toSend(preview.data) : 0;

  const confirm = () => {
    if (!preview.data || count === 0) return;
    // The count shown is the one confirmed: the database refuses another (a pass confirmed
    // meanwhile) and nothing is queued (docs/decisions/037-message-budgets.md).
    send.mutate(
      { channel, confirm: count },
      {
        onSuccess: ({ queued }) => {
          setOpen(false);
          notify.success(
            queued === 0
              ? 'Aucun nouveau rappel : chaque pass confirmé l’a déjà reçu pour ce concert'
              : `Rappel mis en file d’envoi pour ${passes(queued)} (${CHANNEL_LABELS[channel]})`,
          );
        },
        onError: (e) => {
          notify.error(e.message);
          void preview.refetch();
        },
      },
    );
  };

  return (
    <>
      <Button
        onClick={() => {
          if (settings.data) setChannel(settings.data.reminderChannel);
          setOpen(true);
        }}
      >
        Envoyer le rappel
      </Button>
      <ConfirmDialog
        open={open}
        role="dialog"
        title="Envoyer le rappel du concert"
        message="Chaque pass confirmé reçoit ce message une seule fois pour ce concert : un envoi répété ne l’envoie pas deux fois."
        confirmLabel={
          preview.data && count > 0 ? `Envoyer à ${passes(count)}` : 'Envoyer le rappel'
        }
        cancelLabel="Annuler"
        busy={send.isPending}
        busyLabel="Mise en file…"
        confirmDisabled={!preview.data || count === 0}
        initialFocus={select}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <div className="mt-4">
          <Field label="Canal">
            <select
              ref={select}
              value={channel}
              onChange={(e) => setChannel(e.target.value as PhoneChannel)}
            >
              {REMINDER_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div aria-live="polite">
          {preview.isPending && <p className="mt-4 text-gray-700">Préparation de l’aperçu…</p>}
          {preview.error && (
            <p role="alert" className="mt-4 text-red-800">
              {preview.error.message}
            </p>
          )}
          {preview.data && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-gray-900">
                Aperçu (le message d’un pass)
              </h3>
              <p className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm whitespace-pre-line wrap-anywhere text-gray-900">
                {preview.data.body}
              </p>
              <PreviewFigures preview={preview.data} />
              {count === 0 && (
                <p className="mt-3 text-sm text-gray-800">
                  {preview.data.recipients === 0
                    ? 'Aucun pass confirmé : il n’y a personne à qui envoyer le rappel.'
                    : 'Chaque pass confirmé a déjà reçu ce rappel : il n’y a rien de plus à envoyer.'}
                </p>
              )}
            </>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
