import { useLocation } from 'react-router';
import { SuccessLayout } from '@/components/ui/SuccessLayout';
import {
  AUDITION_CITIES_TEXT,
  CATEGORY_LABELS,
  EDITION,
  PARTICIPATION_TYPE_LABELS,
} from '@/config/edition';
import { EditionYear } from '@/components/edition/EditionFact';
import { useSiteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { usePageMeta } from '@/lib/use-page-meta';
import { readRecap, type RegistrationRecap } from './registration-recap';
import * as paths from '@/config/route-paths';

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
    text: `Les auditions ont lieu à ${AUDITION_CITIES_TEXT}. Le lieu et l’heure de la vôtre vous seront communiqués par e-mail.`,
  },
] as const;

// No year: a message shared today is read later, and the year is the settings' (docs/decisions/024-one-edition-one-source.md).
const REGISTRATION_SHARE_TEXT = `Je viens de m’inscrire au Booster Challenge, le concours de danse et de chant ! Inscris-toi toi aussi, c’est gratuit :`;

/** What was just registered, with the reference to quote (only right after registering). */
function Recap({ recap }: { recap: RegistrationRecap }) {
  const team = recap.participationType === 'team';
  const rows: [string, string][] = [
    [team ? 'Responsable' : 'Nom', recap.fullName],
    ['Catégorie', CATEGORY_LABELS[recap.category]],
    ['Mode', PARTICIPATION_TYPE_LABELS[recap.participationType]],
  ];
  if (team && recap.teamName) rows.push(['Équipe', recap.teamName]);
  return (
    <section
      aria-labelledby="recapitulatif"
      className="mt-10 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="recapitulatif" className="text-xl font-bold">
        Votre inscription
      </h2>
      <p className="mt-3 text-gray-800">
        Référence à rappeler&nbsp;:{' '}
        <strong className="font-mono text-lg tracking-wider text-blue-900">
          {recap.reference}
        </strong>
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-gray-600">{label}</dt>
            <dd className="text-gray-900">{value}</dd>
          </div>
        ))}
        {team && recap.members.length > 0 && (
          <div className="contents">
            <dt className="font-semibold text-gray-600">Membres</dt>
            <dd>
              <ol className="list-inside list-decimal space-y-0.5 text-gray-900">
                {recap.members.map((name, index) => (
                  <li key={`${index}-${name}`}>{name}</li>
                ))}
              </ol>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * /success: the specification's page (title, three next steps, home link, WhatsApp share), with
 * the recap of the registration when the form sent the visitor here (navigation state).
 */
export default function RegistrationSuccessPage() {
  usePageMeta('Inscription réussie', 'Votre inscription au Booster Challenge est enregistrée.');
  const recap = readRecap(useLocation().state);
  const shareUrl = whatsappShareUrl(REGISTRATION_SHARE_TEXT, useSiteUrl(paths.registration));
  return (
    <SuccessLayout
      title="Inscription réussie !"
      lead={
        <>
          Merci et bienvenue dans le Booster Challenge <EditionYear of="challenge" />.
        </>
      }
      shareUrl={shareUrl}
    >
      {recap && <Recap recap={recap} />}
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
              <div className="min-w-0">
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
