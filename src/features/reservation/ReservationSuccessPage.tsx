import { useSearchParams } from 'react-router';
import { SuccessLayout } from '@/components/ui/SuccessLayout';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { useSharedEditionInfo } from '@/components/contact/site-status';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { useSiteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { usePageMeta } from '@/lib/use-page-meta';
import { PassPanel } from './pass/PassPanel';
import { usePass, type PassLoad } from './pass/use-pass';
import * as paths from '@/config/route-paths';

// No year: the concert's is the settings' (docs/decisions/024-one-edition-one-source.md).
const RESERVATION_SHARE_TEXT = `J’ai réservé ma place pour la Booster Night Party ! L’entrée est gratuite, réserve vite la tienne :`;

/** The title follows the stored reservation: a place, or a rank on the waitlist. */
function titleOf(load: PassLoad): { title: string; lead: string } {
  if (load.status !== 'found') return { title: 'Réservation enregistrée', lead: 'Votre pass :' };
  const { state, position } = load.pass;
  if (state === 'waitlisted')
    return {
      title: `Vous êtes n° ${position ?? '?'} sur la liste d’attente`,
      lead: 'Dès qu’une place se libère, elle est à vous : votre pass passera en « Place confirmée ».',
    };
  if (state === 'cancelled')
    return { title: 'Réservation annulée', lead: 'Merci de nous avoir prévenus.' };
  return {
    title: 'Votre place est confirmée !',
    lead: 'Gardez ce pass : il sera scanné à l’entrée.',
  };
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

/** /reservation-success?pass=CODE — the pass at once, right after reserving. */
export default function ReservationSuccessPage() {
  const [params] = useSearchParams();
  const code = params.get('pass') ?? '';
  const pass = usePass(code);
  usePageMeta('Réservation enregistrée', 'Votre pass pour la Booster Night Party.');
  const shareUrl = whatsappShareUrl(RESERVATION_SHARE_TEXT, useSiteUrl(paths.nightParty));
  const { title, lead } = code
    ? titleOf(pass.load)
    : {
        title: 'Réservation enregistrée',
        lead: 'Votre pass est à l’adresse reçue lors de la réservation (lien « Mon pass »).',
      };
  return (
    <SuccessLayout title={title} lead={lead} shareUrl={shareUrl} shareLabel="Inviter des amis">
      {code && (
        <div className="mt-8">
          <PassPanel {...pass} />
        </div>
      )}
      <Reminder />
    </SuccessLayout>
  );
}
