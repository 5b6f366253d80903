import { useId, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import { formatEventDateTime } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import type { OutboxMessage } from '@/data/outbox/types';
import { td } from '../ui/classes';
import { Fact, ListCard } from '../ui/ListCards';
import { useVisibleWidth } from '../ui/use-visible-width';
import { CHANNEL_LABELS, STATE_BADGES, STATE_LABELS, TEMPLATE_LABELS } from './outbox-labels';

const badge =
  'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap @max-3xs:max-w-full @max-3xs:whitespace-normal @max-3xs:wrap-anywhere';

/** A recipient as organisers read it: a phone in groups (6 99 12 34 56), an e-mail as it is. */
export const shownRecipient = (m: Pick<OutboxMessage, 'recipient'>) => formatPhone(m.recipient);

/** What, to whom, when it was queued and sent, by whom, in how many tries and SMS parts. */
function detailLine(m: OutboxMessage, what: string, who: string): string {
  const by = m.provider === 'local' ? 'simulation locale' : m.provider;
  return [
    `${what} par ${CHANNEL_LABELS[m.channel]} à ${who}, mis en file le ${formatEventDateTime(m.createdAt)}`,
    m.sentAt && `envoyé le ${formatEventDateTime(m.sentAt)}${by ? ` (${by})` : ''}`,
    m.attempts > 0 && (m.attempts > 1 ? `${m.attempts} essais` : '1 essai'),
    m.segments && (m.segments > 1 ? `${m.segments} segments SMS` : '1 segment SMS'),
  ]
    .filter(Boolean)
    .join('\u00a0; ');
}

type OutboxRowProps = {
  message: OutboxMessage;
  open: boolean;
  onToggle: () => void;
  busy: boolean;
  onResend: () => void;
};

/** The state's badge, and a failure's reason or the retry waiting. */
function StateOf({ message: m }: { message: OutboxMessage }) {
  return (
    <>
      <span className={`${badge} ${STATE_BADGES[m.state]}`}>{STATE_LABELS[m.state]}</span>
      {m.state === 'failed' && m.lastError && (
        <span className="mt-1 block max-w-72 wrap-anywhere text-red-800">{m.lastError}</span>
      )}
      {m.state === 'queued' && m.attempts > 0 && m.lastError && (
        <span className="mt-1 block max-w-72 wrap-anywhere text-gray-700">
          Nouvel essai prévu ({m.lastError})
        </span>
      )}
    </>
  );
}

/** "Voir" / "Masquer" the text, and "Renvoyer" on a failed message (named after the message). */
function Actions({
  message: m,
  open,
  onToggle,
  busy,
  onResend,
  detailId,
}: OutboxRowProps & { detailId: string }) {
  const who = shownRecipient(m);
  const what = TEMPLATE_LABELS[m.template];
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        aria-label={`${open ? 'Masquer' : 'Voir'} le message « ${what} » à ${who}`}
        onClick={onToggle}
      >
        {open ? 'Masquer' : 'Voir'}
      </Button>
      {m.state === 'failed' && (
        <Button
          busy={busy}
          busyLabel="Remise en file…"
          aria-label={`Renvoyer le message « ${what} » à ${who}`}
          onClick={onResend}
        >
          Renvoyer
        </Button>
      )}
    </>
  );
}

/**
 * One message of the outbox: when it was queued, to whom, by which channel, which message, its
 * state (a failure with the provider's reason), and below it, once opened, the text exactly as it
 * was sent (or as the local sink recorded it). "Renvoyer" puts a failed message back in the queue.
 */
export function OutboxRow(props: OutboxRowProps) {
  const { message: m, open } = props;
  const detailId = useId();
  const detail = useRef<HTMLDivElement>(null);
  const visibleWidth = useVisibleWidth(detail, open);
  const who = shownRecipient(m);
  const what = TEMPLATE_LABELS[m.template];
  return (
    <>
      <tr data-row-id={m.id}>
        <td className={`${td} whitespace-nowrap`}>{formatEventDateTime(m.createdAt)}</td>
        <td className={`${td} break-all`}>{who}</td>
        <td className={td}>{CHANNEL_LABELS[m.channel]}</td>
        <td className={td}>{what}</td>
        <td className={td}>
          <StateOf message={m} />
        </td>
        <td className={td}>
          <div className="flex flex-wrap gap-2">
            <Actions {...props} detailId={detailId} />
          </div>
        </td>
      </tr>
      {open && (
        <tr id={detailId}>
          {/* Kept to the visible width of the table, as an opened contact message is. */}
          <td colSpan={6} className="bg-gray-50 px-0! py-0!">
            <div
              ref={detail}
              style={{ width: visibleWidth }}
              className="sticky left-0 space-y-3 px-4 py-4"
            >
              <p className="text-sm wrap-anywhere text-gray-700">{detailLine(m, what, who)}</p>
              <p className="max-w-prose rounded-lg border border-gray-200 bg-white p-3 whitespace-pre-line wrap-anywhere text-gray-900">
                {m.body}
              </p>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** The same message as a card, on a phone (ListPage's `cards`): its text opens inside. */
export function OutboxCard(props: OutboxRowProps) {
  const { message: m, open } = props;
  const detailId = useId();
  const who = shownRecipient(m);
  const what = TEMPLATE_LABELS[m.template];
  return (
    <ListCard
      title={`${what}, ${who}`}
      rowId={m.id}
      actions={<Actions {...props} detailId={detailId} />}
    >
      <Fact term="Mis en file le">{formatEventDateTime(m.createdAt)}</Fact>
      <Fact term="Canal">{CHANNEL_LABELS[m.channel]}</Fact>
      <Fact term="État">
        <StateOf message={m} />
      </Fact>
      {open && (
        <Fact term="Texte">
          <span id={detailId} className="block whitespace-pre-line wrap-anywhere">
            {m.body}
          </span>
          <span className="mt-1 block text-gray-700">{detailLine(m, what, who)}</span>
        </Fact>
      )}
    </ListCard>
  );
}
