import { useState } from 'react';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { emailTemplateId, isEmailConfigured, sendEmail } from '@/lib/emailjs';
import type { NotifyChannel } from '@/data/participants/pipeline';
import { Button, buttonClass } from '@/components/ui/Button';
import {
  convocationEmailParams,
  convocationMailto,
  convocationWhatsappUrl,
  hasSlot,
  type Convocable,
} from './convocation';
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
        ? `Notifié le ${formatDateTime(at)}`
        : queued
          ? 'Convocation en file d’envoi'
          : 'Pas encore notifié'}
    </span>
  );
}

/**
 * The convocation of one participant: WhatsApp (wa.me to their number, the French text written
 * in advance) and e-mail, sent through EmailJS when its convocation template is configured, else
 * prepared in the organiser's mail app (mailto:). WhatsApp and mailto record "notifié le …"
 * (admin_mark_notified) when opened; an EmailJS send only once EmailJS has accepted it.
 */
export function ConvocationLinks({ participant: p, canWrite, queued }: Props) {
  const mark = useMarkNotified();
  const [sending, setSending] = useState(false);
  if (!hasSlot(p)) {
    return (
      <p className="text-sm text-gray-700">
        Pas de créneau d’audition : attribuez-en un pour préparer la convocation.
      </p>
    );
  }
  const whatsapp = convocationWhatsappUrl(p);
  const mail = convocationMailto(p);
  const emailParams = isEmailConfigured('convocation') ? convocationEmailParams(p) : null;
  const record = (channel: NotifyChannel, what: string) =>
    mark.mutate(
      { ids: [p.id], channel },
      {
        onSuccess: () => notify.success(what),
        onError: (e) => notify.error(e.message),
      },
    );

  const sendByEmail = async (params: Record<string, string>) => {
    setSending(true);
    try {
      await sendEmail(emailTemplateId('convocation'), params);
    } catch {
      notify.error(`Échec de l’envoi de la convocation à ${p.fullName}. Veuillez réessayer.`);
      return;
    } finally {
      setSending(false);
    }
    record('email', `Convocation envoyée par e-mail à ${p.fullName}`);
  };

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
      {canWrite && emailParams && (
        <Button
          variant="secondary"
          busy={sending}
          busyLabel="Envoi…"
          onClick={() => void sendByEmail(emailParams)}
          aria-label={`Envoyer la convocation de ${p.fullName} par e-mail`}
        >
          Envoyer l’e-mail
        </Button>
      )}
      {canWrite && !emailParams && mail && (
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
