import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SentReservation } from '@/data/reservations/sent-reservation';
import { SuccessLayout } from '@/components/ui/SuccessLayout';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { useSharedEditionInfo } from '@/components/contact/site-status';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { useSiteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { usePageMeta } from '@/lib/use-page-meta';
import { RecoverPass } from './RecoverPass';
import { CHANNEL_NAMES, closeEarlyAnswer } from './early-answer';
import * as paths from '@/config/route-paths';

// No year: the concert's is the settings' (docs/decisions/024-one-edition-one-source.md).
const RESERVATION_SHARE_TEXT = `J’ai réservé ma place pour la Booster Night Party ! L’entrée est gratuite, réserve vite la tienne :`;

/** The form's navigation state (createReservation's answer); null on a reload or a direct visit. */
function sentOf(state: unknown): SentReservation | null {
  const s = state as Partial<SentReservation> | null;
  if (!s || typeof s.sentTo !== 'string' || !s.sentTo) return null;
  return { sentTo: s.sentTo, channel: s.channel === 'whatsapp' ? 'whatsapp' : 'sms' };
}

/**
 * Where the pass went. The same words whether the phone was free (a new pass) or already held one
 * (its link sent again): this page never tells them apart, and shows no code
 * (docs/decisions/039-one-answer-and-votes-that-cannot-be-bought.md).
 */
function leadOf(sent: SentReservation | null): ReactNode {
  if (!sent) return 'Votre pass vous est envoyé par message au numéro de la réservation.';
  return (
    <>
      Votre pass vous est envoyé par {CHANNEL_NAMES[sent.channel]} au{' '}
      <span className="whitespace-nowrap">{sent.sentTo}</span>.
    </>
  );
}

function PassByMessage() {
  return (
    <section
      aria-labelledby="votre-pass"
      className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="votre-pass" className="text-xl font-bold">
        Votre pass
      </h2>
      <p className="mt-3 text-gray-800">
        Ouvrez le lien du message&nbsp;: votre pass s’affiche, avec son QR code et l’état de votre
        place (confirmée, ou votre rang sur la liste d’attente). Gardez ce lien&nbsp;: c’est lui
        qu’on scanne à l’entrée et qui sert à voter.
      </p>
      <p className="mt-3 text-gray-800">
        Le message arrive en quelques minutes. Rien reçu au bout d’un quart d’heure&nbsp;?
        «&nbsp;Retrouver mon pass&nbsp;», ci-dessous, le renvoie au même numéro.
      </p>
    </section>
  );
}

/**
 * The concert's date, time and venue: the settings' only (docs/decisions/024-one-edition-one-source.md);
 * the line keeps its height while they load.
 */
function useEventLine(): string {
  const info = useSharedEditionInfo();
  if (info)
    return `${formatEventDate(info.concertStartsAt)} à ${formatEventTime(info.concertStartsAt)}, ${info.venueName}`;
  return '';
}

function Reminder() {
  const eventLine = useEventLine();
  // Said only when the organisers set a reminder up (edition_info): a promise nothing keeps is
  // not made.
  const reminder = useSharedEditionInfo()?.reminderConfigured === true;
  return (
    <section
      aria-labelledby="rappel"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="rappel" className="text-xl font-bold">
        À retenir
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-gray-800">
        <li className="min-h-6">
          <span className="font-semibold">Quand et où&nbsp;:</span> {eventLine}
        </li>
        <li>Le pass est personnel : présentez son QR code (ou son code) à l’entrée.</li>
        <li>Un smartphone bien chargé : c’est avec lui que vous voterez.</li>
        {reminder && (
          <li>Un message de confirmation vous sera envoyé quelques jours avant l’événement.</li>
        )}
        <li>Empêché(e) ? « Je ne pourrai pas venir » donne votre place à quelqu’un d’autre.</li>
      </ul>
      <p className="mt-4 text-gray-800">Une question&nbsp;? Contactez-nous&nbsp;:</p>
      <ContactLinks className="mt-1 text-gray-800" />
    </section>
  );
}

/**
 * /reservation-success — after reserving: where the pass was sent (the form's navigation state),
 * never the pass itself.
 */
export default function ReservationSuccessPage() {
  const sent = sentOf(useLocation().state);
  // The answer drawn before the app (early-answer.ts) gives way to this page.
  useEffect(() => closeEarlyAnswer(), []);
  usePageMeta('Réservation enregistrée', 'Votre pass pour la Booster Night Party.');
  const shareUrl = whatsappShareUrl(RESERVATION_SHARE_TEXT, useSiteUrl(paths.nightParty));
  return (
    <SuccessLayout
      title="Réservation enregistrée"
      lead={leadOf(sent)}
      shareUrl={shareUrl}
      shareLabel="Inviter des amis"
    >
      <PassByMessage />
      {/* The way out of "nothing came": asked here, not on another page
          (docs/decisions/046-the-pass-comes-first.md). */}
      <div className="mt-6">
        <RecoverPass />
      </div>
      <Reminder />
    </SuccessLayout>
  );
}
