import { AppLink } from '@/lib/app-link';
import { AUDITION_CITIES_TEXT, EDITION } from '@/config/edition';
import { EditionFact, EditionYear } from '@/components/edition/EditionFact';
import { finalWhere } from '@/lib/edition-text';
import {
  ConcertCta,
  ConcertNote,
  ConcertWhen,
  NextEvent,
  RegistrationCta,
  RegistrationNote,
  useRegistrationOpen,
} from './home-status';
import * as paths from '@/config/route-paths';

/*
 * The home page's content (./HomePage.tsx renders it inside its <main>): the hero, the sections and
 * the live registration and concert facts. A part hydrated after the rest of the page: its code is
 * not in the home page's first load (docs/decisions/011-prerendered-public-pages.md, rule 10).
 */

const STEPS = [
  {
    title: 'Inscrivez-vous',
    // The dates are the settings' (registration_status), shown in the hero.
    text: 'Remplissez le formulaire en ligne, gratuitement, pendant la période d’inscription.',
  },
  {
    title: 'Préparez-vous',
    text: `Répétez une performance de ${EDITION.auditionMaxMinutes} minutes maximum, en solo ou en équipe.`,
  },
  {
    title: 'Passez les auditions',
    text: `Présentez-vous aux auditions à ${AUDITION_CITIES_TEXT}.`,
  },
  {
    title: 'Gagnez des prix',
    text: `Jusqu’à ${EDITION.prizes[0].amount} ${EDITION.prizes[0].extra} pour le vainqueur de chaque catégorie.`,
  },
] as const;

const CATEGORIES = [
  {
    key: 'dance',
    title: 'Danse',
    text: 'Hip-hop, afro, coupé-décalé, makossa, contemporain… Tous les styles sont les bienvenus.',
    gradient: 'from-pink-700 to-orange-700',
    art: '/art/dancer.svg',
  },
  {
    key: 'singing',
    title: 'Chant',
    text: 'Afro-pop, bikutsi, gospel, RnB, rap… Faites entendre votre voix.',
    gradient: 'from-blue-700 to-cyan-700',
    art: '/art/microphone.svg',
  },
] as const;

const cta =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-3 font-semibold wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2';

export default function HomeContent() {
  const { team } = EDITION;
  // Closed, not open yet or complet: no invitation to register anywhere on the page.
  const { open: registrationOpen } = useRegistrationOpen();
  return (
    <>
      <section className="bg-linear-to-br from-blue-950 via-blue-800 to-blue-600 text-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4 px-4 pt-4 pb-16 sm:py-24 md:grid-cols-[1fr_auto] md:items-center md:gap-10">
          <div>
            <NextEvent className="min-h-24" />
            <p className="font-semibold text-yellow-400">
              Édition <EditionYear of="challenge" />
            </p>
            <h1 className="mt-2 max-w-3xl text-display font-extrabold tracking-tight">
              Booster Challenge : montrez votre talent en danse ou en chant
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-blue-50">
              Le grand concours de talents du Cameroun. Inscription gratuite, auditions dans{' '}
              {EDITION.auditionCities.length} villes et une grande finale.
            </p>
            {/* The final's city and month are the settings': the line keeps its height. */}
            <p className="mt-1 min-h-7 max-w-2xl text-lg text-blue-50">
              <EditionFact>
                {(info) => finalWhere(info) && <>Finale {finalWhere(info)}.</>}
              </EditionFact>
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <RegistrationCta
                className={`${cta} bg-yellow-400 text-blue-950 hover:bg-yellow-300 focus-visible:outline-white`}
              />
              <AppLink
                to={paths.faq}
                className={`${cta} border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white`}
              >
                Questions fréquentes
              </AppLink>
            </div>
            <RegistrationNote className="mt-4 min-h-12 max-w-2xl font-medium text-blue-50 sm:min-h-6" />
          </div>
          {/* Decorative art, drawn smaller than the h1 at every width so that the h1's text stays
              the Largest Contentful Paint; the beams are CSS. */}
          <div className="stage-lights flex justify-center pt-10 md:w-80">
            <img
              src="/art/hero-stage.svg"
              width="320"
              height="240"
              alt=""
              className="w-56 md:w-72"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="etapes" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="etapes" className="text-2xl font-bold sm:text-3xl">
          Comment participer ?
        </h2>
        <ol className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 text-lg font-semibold">
                <span className="sr-only">Étape {index + 1} : </span>
                {step.title}
              </h3>
              <p className="mt-1 text-gray-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="categories" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="categories" className="text-2xl font-bold sm:text-3xl">
            Deux catégories
          </h2>
          <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
            {CATEGORIES.map((c) => (
              <article
                key={c.key}
                className={`rounded-2xl bg-linear-to-br ${c.gradient} p-6 text-white`}
              >
                <img
                  src={c.art}
                  width="120"
                  height="120"
                  alt=""
                  loading="lazy"
                  className="float-right -mt-2 -mr-2 ml-3 size-24"
                />
                <h3 className="text-2xl font-bold">{c.title}</h3>
                <p className="mt-2">{c.text}</p>
                {registrationOpen && (
                  <AppLink
                    to={`${paths.registration}?category=${c.key}`}
                    className={`${cta} mt-5 bg-white text-gray-900 hover:bg-gray-100 focus-visible:outline-white`}
                  >
                    S’inscrire en {c.title.toLowerCase()}
                  </AppLink>
                )}
              </article>
            ))}
          </div>
          <h3 className="mt-10 text-xl font-semibold">À gagner dans chaque catégorie</h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {EDITION.prizes.map((p) => (
              <li key={p.rank} className="rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200">
                <span className="block font-semibold text-blue-800">{p.rank}</span>
                {p.amount} {p.extra}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="night-party" className="stage-lights bg-gray-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <img
            src="/art/can.svg"
            width="100"
            height="180"
            alt=""
            loading="lazy"
            className="h-32 w-auto self-start md:h-40 md:self-center"
          />
          <div className="md:flex-1">
            <p className="font-semibold text-yellow-400">
              Concert gratuit · réservation obligatoire
            </p>
            <h2 id="night-party" className="mt-1 text-3xl font-extrabold">
              Booster Night Party <EditionYear of="concert" />
            </h2>
            <ConcertWhen className="mt-3 min-h-7 text-lg first-letter:uppercase" />
            <p className="mt-1 text-gray-300">
              Venez avec votre smartphone bien chargé : c’est vous qui votez pour vos artistes
              préférés !
            </p>
            <ConcertNote className="mt-3 min-h-14 font-medium sm:min-h-7" />
          </div>
          <ConcertCta
            className={`${cta} shrink-0 bg-yellow-400 text-gray-950 hover:bg-yellow-300 focus-visible:outline-white`}
          />
        </div>
      </section>

      <section aria-labelledby="modes" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="modes" className="text-2xl font-bold sm:text-3xl">
          Seul ou en équipe
        </h2>
        <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
          <article className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h3 className="text-xl font-semibold">Solo</h3>
            <p className="mt-2 text-gray-700">
              Vous montez seul sur scène et défendez votre talent.
            </p>
            {registrationOpen && (
              <AppLink
                to={`${paths.registration}?type=solo`}
                className={`${cta} mt-5 bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`}
              >
                S’inscrire en solo
              </AppLink>
            )}
          </article>
          <article className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h3 className="text-xl font-semibold">Équipe</h3>
            <p className="mt-2 text-gray-700">
              De {team.min} à {team.max} personnes : groupe de danse, chorale, duo…
            </p>
            {registrationOpen && (
              <AppLink
                to={`${paths.registration}?type=team`}
                className={`${cta} mt-5 bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`}
              >
                S’inscrire en équipe
              </AppLink>
            )}
          </article>
        </div>
      </section>
    </>
  );
}
