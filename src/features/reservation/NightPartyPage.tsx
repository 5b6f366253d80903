import { Suspense } from 'react';
import { EDITION } from '@/config/edition';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { concertWhen, nightPartyName } from '@/lib/edition-text';
import { EditionYear } from '@/components/edition/EditionFact';
import { ContactLinks } from '@/components/contact/ContactLinks';
import { PlacesLeft, ReservationsClosed } from './ReservationAvailability';
import { useEditionInfo } from './use-edition-info';
import { lazyPage } from '@/lib/lazy-page';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { usePageMeta } from '@/lib/use-page-meta';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { ReservationClosed } from './reservation-closed';
import { RecoverPass } from './RecoverPass';

/*
 * The form (react-hook-form, zod and its schema, the survey labels, the submit code with
 * supabase-js's loader) is its own chunk, so the page's first load stays under its budget
 * (build/bundle-budget.ts). The prerender waits for it, so the page's HTML holds the form
 * itself: the visitor types into it from the first paint, and React hydrates it, keeping what was
 * typed, once its chunk is in (the page's loader asks for it with the entry, build/prerender.ts).
 * Its element is made once: a render of the page (the availability's answer) never reaches it
 * while it waits for its code, which would make React drop its HTML and what was typed
 * (docs/decisions/026-form-ready-before-scripts.md, 011 rule 10). A page rendered anew (an in-app
 * navigation) shows the placeholder meanwhile: the form is 1050-1660 px tall and starts below the
 * hero, so the placeholder always reaches past the bottom of the screen.
 */
const ReservationForm = lazyPage(() => import('./ReservationForm').then((m) => m.ReservationForm));

function FormLoading() {
  return (
    <div role="status" className="mt-6 min-h-[100rem] sm:min-h-[65.5rem]">
      <p className="text-gray-700">Chargement du formulaire…</p>
    </div>
  );
}

const RESERVATION_FORM = (
  <Suspense fallback={<FormLoading />}>
    <ReservationForm />
  </Suspense>
);

export default function NightPartyPage() {
  const { nightParty } = EDITION;
  const { info, refresh } = useEditionInfo();
  // The form is shown while the availability is asked (most visits find reservations open): on a
  // slow link it is ready as soon as its code is. Not open after all, the page says why instead.
  const open = !info || info.reservationState === 'open';
  // The date and venue are the settings' (docs/decisions/024-one-edition-one-source.md): the
  // description names them once they answer, and none before.
  usePageMeta(
    'Night Party',
    info
      ? `${nightPartyName(info)} : ${concertWhen(info)}, ${info.venueName}. Entrée gratuite, réservation obligatoire.`
      : 'Booster Night Party : concert gratuit, réservation obligatoire.',
  );
  return (
    <main id="contenu">
      <section className="bg-linear-to-br from-gray-950 via-purple-950 to-blue-900 text-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 pt-14 sm:pt-20 md:grid-cols-[1fr_auto] md:items-center">
          <div>
            <Logo logo={NIGHT_PARTY_LOGO} alt="" className="mb-5 h-12 w-auto" />
            <p className="font-semibold text-yellow-400">
              Concert gratuit · réservation obligatoire
            </p>
            <h1 className="mt-2 text-display font-extrabold tracking-tight">
              Booster Night Party <EditionYear of="concert" />
            </h1>
            {/* The date and venue are the database's (the organisers' settings); the lines keep
              their height while they load, so nothing below moves. */}
            {/* text-lg on phones: a long date ("mercredi 30 septembre 2026 à 16:00") stays on one
              line, smaller than the h1, which stays the Largest Contentful Paint. */}
            <p className="mt-4 min-h-7 text-lg first-letter:uppercase sm:text-xl">
              {info && (
                <time dateTime={info.concertStartsAt}>
                  {formatEventDate(info.concertStartsAt)} à {formatEventTime(info.concertStartsAt)}
                </time>
              )}
            </p>
            <p className="mt-1 min-h-7 text-lg text-gray-200">{info?.venueName}</p>
            {/* The address takes up to two lines on a phone: its room is kept from the start. */}
            <p className="min-h-12 text-base text-gray-200 sm:min-h-6">{info?.venueAddress}</p>
            <h2 className="mt-8 text-lg font-semibold">Au programme</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {nightParty.programme.map((item) => (
                <li key={item} className="rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium">
                  {item}
                </li>
              ))}
            </ul>
          </div>
          {/* Decorative: the can stays smaller than the h1 (the Largest Contentful Paint). */}
          <div className="stage-lights hidden justify-center px-10 pt-12 md:flex">
            <img src="/art/can.svg" width="100" height="180" alt="" className="h-44 w-auto" />
          </div>
        </div>
        <div aria-hidden="true" className="crowd mt-4" />
      </section>

      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-3">
        <section
          aria-labelledby="reservation-form"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 lg:col-span-2"
        >
          <h2 id="reservation-form" className="text-2xl font-bold">
            Réservez votre place
          </h2>
          <div className="min-h-16">
            {info && !open && <ReservationsClosed info={info} />}
            {info && open && <PlacesLeft info={info} />}
          </div>
          {open && (
            <>
              <RequiredLegend className="mt-4" />
              <ReservationClosed value={refresh}>{RESERVATION_FORM}</ReservationClosed>
            </>
          )}
        </section>

        <aside aria-labelledby="infos-pratiques" className="space-y-6">
          <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
            <h2 id="infos-pratiques" className="text-lg font-bold">
              Informations pratiques
            </h2>
            <dl className="mt-3 space-y-3 text-gray-800">
              <div>
                <dt className="text-sm font-semibold text-gray-600">Tenue</dt>
                <dd>Élégante et festive.</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Entrée</dt>
                <dd>Gratuite, mais la réservation est obligatoire.</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">Boissons</dt>
                <dd>Les boissons Booster sont disponibles toute la soirée.</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-gray-600">À apporter</dt>
                <dd>Un smartphone bien chargé pour voter pour vos artistes préférés.</dd>
              </div>
            </dl>
          </section>
          <RecoverPass />
          <section
            aria-labelledby="contact-night-party"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <h2 id="contact-night-party" className="text-lg font-bold">
              Une question ?
            </h2>
            <ContactLinks className="mt-2 text-gray-800" />
          </section>
        </aside>
      </div>
    </main>
  );
}
