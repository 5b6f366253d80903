import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_HINT } from '@/lib/phone';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot } from '@/components/ui/Honeypot';
import { usePublicSubmit } from '@/components/forms/use-public-submit';
import { RadioGroupField } from '@/components/ui/RadioGroupField';
import { createReservation, RESERVATION_ERROR } from '@/data/reservations/create-reservation';
import { notify } from '@/lib/toast';
import { DataError } from '@/lib/errors';
import {
  RESERVATION_DEFAULTS,
  reservationSchema,
  type ReservationFormInput,
  type ReservationFormValues,
} from './reservation-schema';
import { useChangedAnswers } from './changed-answers';
import { Button } from '@/components/ui/Button';

const SUCCESS = 'Réservation enregistrée avec succès !';

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

const STATUS_OPTIONS = options(ATTENDANCE_STATUS_LABELS);
const HEARD_FROM_OPTIONS = options(HEARD_FROM_LABELS);
const YES_NO_OPTIONS = options(YES_NO_LABELS);
const BARRIER_OPTIONS = options(ATTENDANCE_BARRIER_LABELS);

/**
 * The reservation form, its own chunk (react-hook-form, zod and the schema, the survey labels, the
 * submit code): NightPartyPage renders without it and loads it on first render.
 */
export function ReservationForm({ onClosed }: { onClosed: () => void }) {
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
  // Which pre-filled answers the visitor changed (docs/decisions/025-survey-defaults.md).
  const changedAnswers = useChangedAnswers();
  const { honeypot, failure, onSubmit } = usePublicSubmit<ReservationFormValues>(
    async (values, trap) => {
      try {
        const { passCode } = await createReservation(
          reservationId,
          { ...values, surveyChanged: changedAnswers.list(values) },
          trap,
        );
        notify.success(SUCCESS);
        navigate(passCode ? `/reservation-success?pass=${passCode}` : '/reservation-success');
      } catch (error) {
        // Closed meanwhile (the concert started, or the organisers closed it): the page says so
        // in place of the form.
        if (error instanceof DataError && error.kind === 'closed') return onClosed();
        throw error;
      }
    },
    RESERVATION_ERROR,
  );

  return (
    <form noValidate onSubmit={onSubmit(handleSubmit)} className="mt-6 space-y-5">
      <Honeypot ref={honeypot} />
      <Field label="Nom complet" required error={errors.fullName?.message}>
        <input type="text" autoComplete="name" {...register('fullName')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Téléphone" required error={errors.phone?.message} hint={`${PHONE_HINT}.`}>
          <input type="tel" inputMode="tel" autoComplete="tel-national" {...register('phone')} />
        </Field>
        <Field label="Ville" required error={errors.ville?.message}>
          <input type="text" autoComplete="address-level2" {...register('ville')} />
        </Field>
      </div>
      <RadioGroupField
        legend={SURVEY_QUESTIONS.attendanceStatus}
        required
        options={STATUS_OPTIONS}
        registration={register('attendanceStatus', changedAnswers.track('attendanceStatus'))}
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
        registration={register('willAttend', changedAnswers.track('willAttend'))}
        error={errors.willAttend?.message}
      />
      <RadioGroupField
        legend={SURVEY_QUESTIONS.attendanceBarrier}
        required
        options={BARRIER_OPTIONS}
        registration={register('attendanceBarrier', changedAnswers.track('attendanceBarrier'))}
        error={errors.attendanceBarrier?.message}
      />
      <RadioGroupField
        legend={SURVEY_QUESTIONS.followsBoosterPage}
        required
        options={YES_NO_OPTIONS}
        registration={register('followsBoosterPage', changedAnswers.track('followsBoosterPage'))}
        error={errors.followsBoosterPage?.message}
      />
      <RadioGroupField
        legend={SURVEY_QUESTIONS.consumesBoosterProducts}
        required
        options={YES_NO_OPTIONS}
        registration={register(
          'consumesBoosterProducts',
          changedAnswers.track('consumesBoosterProducts'),
        )}
        error={errors.consumesBoosterProducts?.message}
      />
      <p className="text-sm text-gray-600">
        En réservant, vous acceptez que Booster utilise ces informations pour organiser la Night
        Party et vous envoyer un message de confirmation. Elles ne sont ni vendues ni publiées.
      </p>
      <FormAlert message={failure} />
      <Button
        type="submit"
        variant="accent"
        size="lg"
        busy={isSubmitting}
        busyLabel="Réservation en cours..."
      >
        Réserver ma place
      </Button>
    </form>
  );
}
