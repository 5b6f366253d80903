import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import type { NotifyChannel } from '@/data/pipeline';
import { buttonClass } from '@/components/ui/Button';
import { convocationMailto, convocationWhatsappUrl, hasSlot, type Convocable } from './convocation';
import { useMarkNotified } from './pipeline-mutations';

type Props = {
  participant: Convocable & { id: string; notifiedAt?: string | null };
  /** Admins send and record; readers see when it was sent. */
  canWrite: boolean;
};

/** "Notifié le …" or "Pas encore notifié". */
export function NotifiedAt({ at }: { at: string | null | undefined }) {
  return (
    <span className="text-sm text-gray-700">
      {at ? `Notifié le ${formatDateTime(at)}` : 'Pas encore notifié'}
    </span>
  );
}

/**
 * The convocation of one participant: WhatsApp (wa.me to their number, the French text written
 * in advance) or e-mail (mailto:). Opening one records "notifié le …" (admin_mark_notified).
 */
export function ConvocationLinks({ participant: p, canWrite }: Props) {
  const mark = useMarkNotified();
  if (!hasSlot(p)) {
    return (
      <p className="text-sm text-gray-700">
        Pas de créneau d’audition : attribuez-en un pour préparer la convocation.
      </p>
    );
  }
  const whatsapp = convocationWhatsappUrl(p);
  const mail = convocationMailto(p);
  const record = (channel: NotifyChannel) =>
    mark.mutate(
      { ids: [p.id], channel },
      {
        onSuccess: () => notify.success(`Convocation de ${p.fullName} enregistrée comme envoyée`),
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
          onClick={() => record('whatsapp')}
          aria-label={`Convoquer ${p.fullName} sur WhatsApp (nouvel onglet)`}
          className={buttonClass({ variant: 'whatsapp' })}
        >
          WhatsApp
        </a>
      )}
      {canWrite && mail && (
        <a
          href={mail}
          onClick={() => record('email')}
          aria-label={`Convoquer ${p.fullName} par e-mail`}
          className={buttonClass({ variant: 'secondary' })}
        >
          E-mail
        </a>
      )}
      <NotifiedAt at={p.notifiedAt} />
    </div>
  );
}
