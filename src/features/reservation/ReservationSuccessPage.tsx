import { Link } from 'react-router';
import { EDITION } from '@/config/edition';
import { siteUrl, whatsappShareUrl } from '@/lib/share-links';
import { usePageMeta } from '@/lib/use-page-meta';

const { nightParty, contact } = EDITION;

export const RESERVATION_SHARE_TEXT = `J'ai réservé ma place pour la ${nightParty.name}, ${nightParty.date.toLowerCase()} à ${nightParty.time} au ${nightParty.venue} ! L'entrée est gratuite, réserve vite la tienne :`;

export default function ReservationSuccessPage() {
  usePageMeta('Réservation confirmée', `Votre place pour la ${nightParty.name} est réservée.`);
  const shareUrl = whatsappShareUrl(RESERVATION_SHARE_TEXT, siteUrl('/night-party'));
  return (
    <main id="contenu" className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <div className="text-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mx-auto size-16 text-green-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.2 3.2L17 9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
          Votre place est réservée !
        </h1>
        <p className="mt-3 text-lg text-gray-700">
          Merci, nous avons hâte de vous voir à la {nightParty.name}.
        </p>
      </div>

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

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Retour à l'accueil
        </Link>
        <a
          href={shareUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          Partager sur WhatsApp
          <span className="sr-only"> (nouvelle fenêtre)</span>
        </a>
      </div>
    </main>
  );
}
