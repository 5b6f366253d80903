import { SuccessLayout } from '@/components/ui/SuccessLayout';
import { EDITION } from '@/config/edition';
import { siteUrl, whatsappShareUrl } from '@/lib/share-links';
import { usePageMeta } from '@/lib/use-page-meta';

const { nightParty, contact } = EDITION;

export const RESERVATION_SHARE_TEXT = `J'ai réservé ma place pour la ${nightParty.name}, ${nightParty.date.toLowerCase()} à ${nightParty.time} au ${nightParty.venue} ! L'entrée est gratuite, réserve vite la tienne :`;

export default function ReservationSuccessPage() {
  usePageMeta('Réservation confirmée', `Votre place pour la ${nightParty.name} est réservée.`);
  const shareUrl = whatsappShareUrl(RESERVATION_SHARE_TEXT, siteUrl('/night-party'));
  return (
    <SuccessLayout
      title="Votre place est réservée !"
      lead={<>Merci, nous avons hâte de vous voir à la {nightParty.name}.</>}
      shareUrl={shareUrl}
    >
      <section
        aria-labelledby="rappel"
        className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <h2 id="rappel" className="text-xl font-bold">
          À retenir
        </h2>
        <dl className="mt-4 space-y-3 text-gray-800">
          <div>
            <dt className="text-sm font-semibold text-gray-600">Date et heure</dt>
            <dd>
              <time dateTime={nightParty.isoStart}>
                {nightParty.date} à {nightParty.time}
              </time>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-600">Lieu</dt>
            <dd>{nightParty.venue}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-600">À apporter</dt>
            <dd>Un smartphone bien chargé : c'est avec lui que vous voterez.</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-600">Confirmation</dt>
            <dd>Un message de confirmation vous sera envoyé quelques jours avant l'événement.</dd>
          </div>
        </dl>
        <p className="mt-4 text-gray-800">
          Une question ? Écrivez-nous à{' '}
          <a href={`mailto:${contact.email}`} className="text-blue-800 underline">
            {contact.email}
          </a>
          .
        </p>
      </section>
    </SuccessLayout>
  );
}
