import { SuccessLayout } from '@/components/ui/SuccessLayout';
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
    <SuccessLayout
      title="Inscription réussie !"
      lead={<>Merci et bienvenue dans le Booster Challenge {EDITION.year}.</>}
      shareUrl={shareUrl}
    >
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
    </SuccessLayout>
  );
}
