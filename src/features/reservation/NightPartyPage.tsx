import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EDITION } from '@/config/edition';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import { Field } from '@/components/ui/Field';
import { RadioGroupField } from '@/components/ui/RadioGroupField';
import { createReservation, RESERVATION_ERROR } from '@/data/create-reservation';
import { notify } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import {
  RESERVATION_DEFAULTS,
  reservationSchema,
  type ReservationFormInput,
  type ReservationFormValues,
} from './reservation-schema';

const SUCCESS = 'Réservation enregistrée avec succès !';

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

const STATUS_OPTIONS = options(ATTENDANCE_STATUS_LABELS);
const HEARD_FROM_OPTIONS = options(HEARD_FROM_LABELS);
const YES_NO_OPTIONS = options(YES_NO_LABELS);
const BARRIER_OPTIONS = options(ATTENDANCE_BARRIER_LABELS);

export default function NightPartyPage() {
  const { nightParty, contact } = EDITION;
  usePageMeta(
    'Night Party',
    `${nightParty.name} : ${nightParty.date.toLowerCase()} à ${nightParty.time}, ${nightParty.venue}. Entrée gratuite, réservation obligatoire.`,
  );
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReservationFormInput, unknown, ReservationFormValues>({
    resolver: zodResolver(reservationSchema) as Resolver<
      ReservationFormInput,
      unknown,
      ReservationFormValues
    >,
    defaultValues: RESERVATION_DEFAULTS,
  });
  // The reservation id lives as long as the filled form: a double click, or a retry after a
  // timeout whose insert did reach the database, stores one row (see create-reservation.ts).
  const [reservationId] = useState(() => crypto.randomUUID());
  const inFlight = useRef(false);

  const onSubmit = async (values: ReservationFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await createReservation(reservationId, values);
      notify.success(SUCCESS);
      navigate('/reservation-success');
    } catch (error) {
      console.error('Erreur lors de la réservation :', error);
      notify.error(error instanceof Error ? error.message : RESERVATION_ERROR);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <main id="contenu">
      <section className="bg-linear-to-br from-gray-950 via-purple-950 to-blue-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="font-semibold text-yellow-400">Concert gratuit · réservation obligatoire</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            {nightParty.name}
          </h1>
          <p className="mt-4 text-xl">
            <time dateTime={nightParty.isoStart}>
              {nightParty.date} à {nightParty.time}
            </time>
          </p>
          <p className="mt-1 text-lg text-gray-200">{nightParty.venue}</p>
          <h2 className="mt-8 text-lg font-semibold">Au programme</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {nightParty.programme.map((item) => (
              <li key={item} className="rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium">
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-3">
        <section
          aria-labelledby="reservation-form"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 lg:col-span-2"
        >
          <h2 id="reservation-form" className="text-2xl font-bold">
            Réservez votre place
          </h2>
          <p className="mt-1 text-sm text-gray-600">Les champs marqués d'un * sont obligatoires.</p>
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
            className="mt-6 space-y-5"
          >
            <Field label="Nom complet" required error={errors.fullName?.message}>
              <input type="text" autoComplete="name" {...register('fullName')} />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Téléphone"
                required
                error={errors.phone?.message}
                hint="9 chiffres, sans espace (ex. 6XXXXXXXX)."
              >
                <input
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  {...register('phone')}
                />
              </Field>
              <Field label="Ville" required error={errors.ville?.message}>
                <input type="text" autoComplete="address-level2" {...register('ville')} />
              </Field>
            </div>
            <RadioGroupField
              legend={SURVEY_QUESTIONS.attendanceStatus}
              required
              options={STATUS_OPTIONS}
              registration={register('attendanceStatus')}
              error={errors.attendanceStatus?.message}
            />
            <RadioGroupField
              legend={SURVEY_QUESTIONS.heardFrom}
              required
              options={HEARD_FROM_OPTIONS}
              registration={register('heardFrom')}
              error={errors.heardFrom?.message}
            />
            <RadioGroupField
              legend={SURVEY_QUESTIONS.willAttend}
              required
              options={YES_NO_OPTIONS}
              registration={register('willAttend')}
              error={errors.willAttend?.message}
            />
            <RadioGroupField
              legend={SURVEY_QUESTIONS.attendanceBarrier}
              required
              options={BARRIER_OPTIONS}
              registration={register('attendanceBarrier')}
              error={errors.attendanceBarrier?.message}
            />
            <RadioGroupField
              legend={SURVEY_QUESTIONS.followsBoosterPage}
              required
              options={YES_NO_OPTIONS}
              registration={register('followsBoosterPage')}
              error={errors.followsBoosterPage?.message}
            />
            <RadioGroupField
              legend={SURVEY_QUESTIONS.consumesBoosterProducts}
              required
              options={YES_NO_OPTIONS}
              registration={register('consumesBoosterProducts')}
              error={errors.consumesBoosterProducts?.message}
            />
            <p className="text-sm text-gray-600">
              En réservant, vous acceptez que Booster utilise ces informations pour organiser la
              Night Party et vous envoyer un message de confirmation. Elles ne sont ni vendues ni
              publiées.
            </p>
            <button
              type="submit"
              disabled={isSubmitting}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-yellow-400 px-6 py-3 font-bold text-gray-950 hover:bg-yellow-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
            >
              {isSubmitting ? 'Réservation en cours...' : 'Réserver ma place'}
            </button>
          </form>
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
          <section
            aria-labelledby="contact-night-party"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <h2 id="contact-night-party" className="text-lg font-bold">
              Une question ?
            </h2>
            <p className="mt-3 text-gray-800">Téléphone : {contact.phone}</p>
            <p className="mt-1 text-gray-800">
              E-mail :{' '}
              <a href={`mailto:${contact.email}`} className="text-blue-800 underline">
                {contact.email}
              </a>
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}
