import { Link } from 'react-router';
import { EDITION } from '@/config/edition';
import { siteUrl, whatsappShareUrl } from '@/lib/share-links';
import { usePageMeta } from '@/lib/use-page-meta';

const NEXT_STEPS = [
  {
    title: 'Surveillez votre boîte e-mail',
    text: `Vous recevrez un e-mail de confirmation dans les ${EDITION.confirmationWithinHours} heures (pensez à vérifier vos courriers indésirables).`,
  },
  {
    title: 'Préparez votre performance',
    text: `Répétez un passage de ${EDITION.auditionMaxMinutes} minutes maximum pour les auditions.`,
  },
  {
    title: 'Rendez-vous aux auditions',
    text: `Les auditions ont lieu à ${EDITION.auditionCities.join(', ')}. Le lieu et l'heure de la vôtre vous seront communiqués par e-mail.`,
  },
] as const;

export const REGISTRATION_SHARE_TEXT = `Je viens de m'inscrire au Booster Challenge ${EDITION.year}, le concours de danse et de chant ! Inscris-toi toi aussi, c'est gratuit :`;

export default function RegistrationSuccessPage() {
  usePageMeta('Inscription réussie', 'Votre inscription au Booster Challenge est enregistrée.');
  const shareUrl = whatsappShareUrl(REGISTRATION_SHARE_TEXT, siteUrl('/inscription'));
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
          Inscription réussie !
        </h1>
        <p className="mt-3 text-lg text-gray-700">
          Merci et bienvenue dans le Booster Challenge {EDITION.year}.
        </p>
      </div>

      <section aria-labelledby="prochaines-etapes" className="mt-10">
        <h2 id="prochaines-etapes" className="text-xl font-bold">
          Prochaines étapes
        </h2>
        <ol className="mt-4 space-y-4">
          {NEXT_STEPS.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
            >
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-gray-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
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
