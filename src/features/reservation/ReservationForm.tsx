import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
import { createReservation } from '@/data/reservations/create-reservation';
import { RESERVATION_ERROR } from '@/data/reservations/sent-reservation';
import { notify } from '@/lib/toast';
import { DataError } from '@/lib/errors';
import {
  RESERVATION_DEFAULTS,
  reservationSchema,
  type ReservationFormInput,
  type ReservationFormValues,
} from './reservation-schema';
import { useChangedAnswers } from './changed-answers';
import { ReservationClosed } from './reservation-closed';
import { Button } from '@/components/ui/Button';
import { ANSWER_EVENT, earlyAnswerOf } from './early-answer';
import * as paths from '@/config/route-paths';

const SUCCESS = 'Réservation enregistrée avec succès !';

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

const STATUS_OPTIONS = options(ATTENDANCE_STATUS_LABELS);
const HEARD_FROM_OPTIONS = options(HEARD_FROM_LABELS);
const YES_NO_OPTIONS = options(YES_NO_LABELS);
const BARRIER_OPTIONS = options(ATTENDANCE_BARRIER_LABELS);

type FieldName = keyof ReservationFormInput;

/** The form's values as the page holds them (what the visitor typed or chose), by field name. */
function valuesIn(form: HTMLFormElement): Partial<Record<FieldName, string>> {
  const data = new FormData(form);
  const values: Partial<Record<FieldName, string>> = {};
  for (const name of Object.keys(RESERVATION_DEFAULTS) as FieldName[]) {
    const value = data.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/**
 * The reservation form, its own chunk (react-hook-form, zod and the schema, the survey labels, the
 * submit code). The prerendered page holds its HTML, which the visitor can fill before this code
 * arrives; React then hydrates it, keeping what was typed and sending a submission asked for
 * meanwhile (docs/decisions/026-form-ready-before-scripts.md).
 */
export function ReservationForm() {
  const navigate = useNavigate();
  const onClosed = useContext(ReservationClosed);
  const {
    register,
    setValue,
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
        // The same answer whether the phone was free or already held a pass: the pass goes to
        // the phone by message, and the page says where (docs/decisions/039-one-answer-and-votes-
        // that-cannot-be-bought.md).
        // A reservation sent before this code arrived wrote its id on the form: the same id, the
        // same row (docs/decisions/051-the-reservation-before-the-app.md).
        const id = formRef.current?.getAttribute('data-reservation-id') ?? reservationId;
        const sent = await createReservation(
          id,
          { ...values, surveyChanged: changedAnswers.list(values) },
          trap,
        );
        notify.success(SUCCESS);
        navigate(paths.reservationSuccess, { state: sent });
      } catch (error) {
        // Closed meanwhile (the concert started, or the organisers closed it): the page says so
        // in place of the form.
        if (error instanceof DataError && error.kind === 'closed') return onClosed();
        throw error;
      }
    },
    RESERVATION_ERROR,
  );

  // What the visitor typed or chose in the prerendered form before its code arrived. Read when
  // the honeypot, the form's first field, is attached: react-hook-form then attaches the other
  // fields and writes its default values into them; the layout effect below puts the visitor's
  // back before the browser paints, as changes of the visitor's (dirty, unlike the defaults).
  const typedEarly = useRef<Partial<Record<FieldName, string>>>({});
  const honeypotInputRef = honeypot;
  const honeypotRef = useCallback(
    (input: HTMLInputElement | null) => {
      honeypotInputRef.current = input;
      if (input?.form) typedEarly.current = valuesIn(input.form);
    },
    [honeypotInputRef],
  );
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(typedEarly.current) as [FieldName, string][]) {
      if (value !== RESERVATION_DEFAULTS[name])
        setValue(name, value as never, { shouldDirty: true });
    }
    typedEarly.current = {};
  }, [setValue]);

  // A submission asked for before the code arrived was held by the page's inline guard
  // (build/prerender.ts, formGuard), which marked the form data-pending and showed the note:
  // from now on React's handler answers, and the held submission goes, once. A valid one may
  // already have left without this code (early-reserve.ts, data-sending): its answer, now or when
  // it comes, leads to the success page (docs/decisions/051-the-reservation-before-the-app.md).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.setAttribute('data-live', '');
    const note = form.querySelector<HTMLElement>('[data-pending-note]');
    if (note) note.hidden = true;
    const answered = () => {
      const sent = earlyAnswerOf(form);
      if (!sent) return;
      notify.success(SUCCESS);
      navigate(paths.reservationSuccess, { state: sent });
    };
    if (earlyAnswerOf(form)) return answered();
    form.addEventListener(ANSWER_EVENT, answered);
    if (form.hasAttribute('data-pending')) {
      form.removeAttribute('data-pending');
      form.requestSubmit();
    }
    return () => form.removeEventListener(ANSWER_EVENT, answered);
  }, [navigate]);
  const submit = onSubmit(handleSubmit);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        // Sent before this code arrived and not answered yet: one request at a time.
        if (formRef.current?.hasAttribute('data-sending')) event.preventDefault();
        else submit(event);
      }}
      data-wait-for-code=""
      data-reserve=""
      className="mt-6 space-y-5"
    >
      <Honeypot ref={honeypotRef} />
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
        defaultValue={RESERVATION_DEFAULTS.attendanceStatus}
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
        defaultValue={RESERVATION_DEFAULTS.willAttend}
        error={errors.willAttend?.message}
      />
      <RadioGroupField
        legend={SURVEY_QUESTIONS.attendanceBarrier}
        required
        options={BARRIER_OPTIONS}
        registration={register('attendanceBarrier', changedAnswers.track('attendanceBarrier'))}
        defaultValue={RESERVATION_DEFAULTS.attendanceBarrier}
        error={errors.attendanceBarrier?.message}
      />
      <RadioGroupField
        legend={SURVEY_QUESTIONS.followsBoosterPage}
        required
        options={YES_NO_OPTIONS}
        registration={register('followsBoosterPage', changedAnswers.track('followsBoosterPage'))}
        defaultValue={RESERVATION_DEFAULTS.followsBoosterPage}
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
        defaultValue={RESERVATION_DEFAULTS.consumesBoosterProducts}
        error={errors.consumesBoosterProducts?.message}
      />
      <p className="text-sm text-gray-600">
        En réservant, vous acceptez que Booster utilise ces informations pour organiser la Night
        Party et vous envoyer un message de confirmation. Elles ne sont ni vendues ni publiées.
      </p>
      <FormAlert message={failure} />
      <div>
        <Button
          type="submit"
          variant="accent"
          size="lg"
          busy={isSubmitting}
          busyLabel="Réservation en cours..."
        >
          Réserver ma place
        </Button>
        {/* Shown by the page's inline guard when the visitor submits before the code is there. */}
        <p role="status" className="text-sm font-medium text-gray-800">
          <span data-pending-note hidden className="mt-2 block">
            Un instant : le formulaire se prépare, votre réservation part dès qu’il est prêt.
          </span>
        </p>
      </div>
    </form>
  );
}
