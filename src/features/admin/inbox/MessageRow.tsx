import { useId, useRef } from 'react';
import { Button, buttonClass } from '@/components/ui/Button';
import { formatEventDateTime } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import type { InboxMessage } from '@/data/inbox/types';
import { td } from '../ui/classes';
import { Fact, ListCard } from '../ui/ListCards';
import { useVisibleWidth } from '../ui/use-visible-width';
import { replyMailto, replyWhatsapp } from './reply-links';

const badge =
  'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap @max-3xs:max-w-full @max-3xs:whitespace-normal @max-3xs:wrap-anywhere';

/** The whole message, its replies (e-mail, WhatsApp when the text gives a number). */
function MessageDetail({ message: m }: { message: InboxMessage }) {
  const whatsapp = replyWhatsapp(m);
  return (
    <>
      <p className="text-sm wrap-anywhere text-gray-700">
        De <strong className="text-gray-900">{m.name}</strong> ({m.email}), le{' '}
        {formatEventDateTime(m.createdAt)} — sujet : {m.subject}
      </p>
      <p className="max-w-prose whitespace-pre-line wrap-anywhere text-gray-900">{m.message}</p>
      {m.handledAt && (
        <p className="text-sm text-gray-700">Traité le {formatEventDateTime(m.handledAt)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <a
          href={replyMailto(m)}
          className={buttonClass({ variant: 'secondary' })}
          aria-label={`Répondre par e-mail à ${m.name}`}
        >
          Répondre par e-mail
        </a>
        {whatsapp && (
          <a
            href={whatsapp.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'whatsapp' })}
            aria-label={`Répondre sur WhatsApp à ${m.name}, au ${formatPhone(whatsapp.phone)} (nouvel onglet)`}
          >
            Répondre sur WhatsApp ({formatPhone(whatsapp.phone)})
          </a>
        )}
      </div>
    </>
  );
}

/** "Ouvrir" / "Fermer" of a message, which shows its detail (detailId). */
function ToggleButton({
  message: m,
  open,
  detailId,
  onToggle,
}: {
  message: InboxMessage;
  open: boolean;
  detailId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="secondary"
      aria-expanded={open}
      aria-controls={open ? detailId : undefined}
      aria-label={`${open ? 'Fermer' : 'Ouvrir'} le message de ${m.name}`}
      onClick={onToggle}
    >
      {open ? 'Fermer' : 'Ouvrir'}
    </Button>
  );
}

/** "Non traité" / "Traité". */
const StateBadge = ({ unhandled }: { unhandled: boolean }) =>
  unhandled ? (
    <span className={`${badge} bg-yellow-100 text-yellow-900`}>Non traité</span>
  ) : (
    <span className={`${badge} bg-green-100 text-green-900`}>Traité</span>
  );

/** "Marquer comme traité" / "Marquer comme non traité" (admins only). */
function HandleButton({
  message: m,
  busy,
  onSetHandled,
}: Pick<MessageRowProps, 'message' | 'busy' | 'onSetHandled'>) {
  const unhandled = m.handledAt === null;
  return (
    <Button
      variant={unhandled ? 'primary' : 'secondary'}
      busy={busy}
      busyLabel="Enregistrement…"
      aria-label={`${unhandled ? 'Marquer comme traité' : 'Marquer comme non traité'} : message de ${m.name}`}
      onClick={() => onSetHandled(unhandled)}
    >
      {unhandled ? 'Marquer comme traité' : 'Marquer comme non traité'}
    </Button>
  );
}

type MessageRowProps = {
  message: InboxMessage;
  open: boolean;
  onToggle: () => void;
  /** Admins mark messages handled; readers only read them. */
  canWrite: boolean;
  busy: boolean;
  onSetHandled: (handled: boolean) => void;
};

/**
 * One message of the inbox: a row (unhandled ones in bold) that opens below itself to the whole
 * message, the replies (e-mail, and WhatsApp when the text gives a Cameroonian number) and
 * "Marquer comme traité".
 */
export function MessageRow({
  message: m,
  open,
  onToggle,
  canWrite,
  busy,
  onSetHandled,
}: MessageRowProps) {
  const detailId = useId();
  const detail = useRef<HTMLDivElement>(null);
  const visibleWidth = useVisibleWidth(detail, open);
  const unhandled = m.handledAt === null;
  const weight = unhandled ? 'font-bold text-gray-950' : '';
  const handleButton = canWrite && (
    <HandleButton message={m} busy={busy} onSetHandled={onSetHandled} />
  );
  return (
    <>
      <tr data-row-id={m.id} className={unhandled ? 'bg-brand-50/40' : undefined}>
        <td className={`${td} whitespace-nowrap ${weight}`}>{formatEventDateTime(m.createdAt)}</td>
        <td className={`${td} ${weight}`}>
          <span className="block">{m.name}</span>
          <span className="block font-normal break-all text-gray-700">{m.email}</span>
        </td>
        <td className={`${td} ${weight}`}>{m.subject}</td>
        <td className={td}>
          <StateBadge unhandled={unhandled} />
        </td>
        <td className={td}>
          <div className="flex flex-wrap gap-2">
            <ToggleButton message={m} open={open} detailId={detailId} onToggle={onToggle} />
            {handleButton}
          </div>
        </td>
      </tr>
      {open && (
        <tr id={detailId}>
          {/* The message keeps to the visible width of the table (sticky at its left edge, as
              wide as the scrolling box) so that it wraps at 320 px and with text at 200 %,
              instead of running as wide as the table inside a sideways scroller (issue 27). */}
          <td colSpan={5} className="bg-gray-50 px-0! py-0!">
            <div
              ref={detail}
              style={{ width: visibleWidth }}
              className="sticky left-0 space-y-4 px-4 py-4"
            >
              <MessageDetail message={m} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The same message as a card, on a phone (ListPage's cards): "Ouvrir" and "Marquer comme traité"
 * beside the name, the message itself below once opened (issue 40: in the table they were off
 * the screen's right edge).
 */
export function MessageCard({
  message: m,
  open,
  onToggle,
  canWrite,
  busy,
  onSetHandled,
}: MessageRowProps) {
  const detailId = useId();
  const unhandled = m.handledAt === null;
  return (
    <ListCard
      title={m.name}
      rowId={m.id}
      actions={
        <>
          <ToggleButton message={m} open={open} detailId={detailId} onToggle={onToggle} />
          {canWrite && <HandleButton message={m} busy={busy} onSetHandled={onSetHandled} />}
        </>
      }
      footer={
        open && (
          <div id={detailId} className="mt-3 space-y-4 rounded-lg bg-gray-50 p-3">
            <MessageDetail message={m} />
          </div>
        )
      }
    >
      <Fact term="Reçu le">{formatEventDateTime(m.createdAt)}</Fact>
      <Fact term="E-mail">
        <span className="wrap-anywhere">{m.email}</span>
      </Fact>
      <Fact term="Sujet">
        <span className={unhandled ? 'font-bold' : undefined}>{m.subject}</span>
      </Fact>
      <Fact term="État">
        <StateBadge unhandled={unhandled} />
      </Fact>
    </ListCard>
  );
}
