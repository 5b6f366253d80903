import { formatEventDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import type { NotifyChannel } from '@/data/participants/pipeline';
import { buttonClass } from '@/components/ui/Button';
import { convocationMailto, convocationWhatsappUrl, hasSlot, type Convocable } from './convocation';
import { useMarkNotified } from '@/data/participants/pipeline-mutations';

type Props = {
  participant: Convocable & { id: string; notifiedAt?: string | null };
  /** Admins send and record; readers see when it was sent. */
  canWrite: boolean;
  /**
   * Sent through the outbox and not yet accepted by the provider: "en file d’envoi" instead of
   * "pas encore notifié" (the database records it as notified once accepted).
   */
  queued?: boolean;
};

/** "Notifié le …", "Convocation en file d’envoi" or "Pas encore notifié". */
function NotifiedAt({ at, queued }: { at: string | null | undefined; queued?: boolean }) {
  return (
    <span className="text-sm text-gray-700">
      {at
        ? `Notifié le ${formatEventDateTime(at)}`
        : queued
          ? 'Convocation en file d’envoi'
          : 'Pas encore notifié'}
    </span>
  );
}

/**
 * The convocation of one participant from the organiser's own apps: WhatsApp (wa.me to their
 * number, the French text written in advance) and e-mail prepared in the organiser's mail app
 * (mailto:). Both record "notifié le …" (admin_mark_notified) when opened. The site itself sends
 * convocations only through the outbox (SendConvocations), never from the browser
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md).
 */
export function ConvocationLinks({ participant: p, canWrite, queued }: Props) {
  const mark = useMarkNotified();
  if (!hasSlot(p)) {
    return (
      <p className="text-sm text-gray-700">
        Pas de créneau d’audition : attribuez-en un pour préparer la convocation.
      </p>
    );
  }
  const whatsapp = convocationWhatsappUrl(p);
  const mail = convocationMailto(p);
  const record = (channel: NotifyChannel, what: string) =>
    mark.mutate(
      { ids: [p.id], channel },
      {
        onSuccess: () => notify.success(what),
        onError: (e) => notify.error(e.message),
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canWrite && whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() =>
            record('whatsapp', `Convocation de ${p.fullName} enregistrée comme envoyée`)
          }
          aria-label={`Convoquer ${p.fullName} sur WhatsApp (nouvel onglet)`}
          className={buttonClass({ variant: 'whatsapp' })}
        >
          WhatsApp
        </a>
      )}
      {canWrite && mail && (
        <a
          href={mail}
          onClick={() => record('email', `Convocation de ${p.fullName} enregistrée comme envoyée`)}
          aria-label={`Convoquer ${p.fullName} par e-mail`}
          className={buttonClass({ variant: 'secondary' })}
        >
          E-mail
        </a>
      )}
      <NotifiedAt at={p.notifiedAt} queued={queued} />
    </div>
  );
}
