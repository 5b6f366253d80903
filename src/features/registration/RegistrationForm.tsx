import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_HINT } from '@/lib/phone';
import { Link, useNavigate } from 'react-router';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { Honeypot, honeypotValue } from '@/components/ui/Honeypot';
import { EDITION } from '@/config/edition';
import { DataError } from '@/lib/errors';
import { prepareProofOfWorkOnInteraction } from '@/data/shared/public-write';
import {
  closedReasonOf,
  REGISTRATION_ERROR,
  refusedFieldOf,
  registerParticipant,
} from '@/data/participants/register-participant';
import type { ClosedReason } from '@/data/participants/types';
import { RegionOptions } from '@/components/forms/RegionOptions';
import { TeamMembersFields } from '@/components/forms/TeamMembersFields';
import { PARTICIPANT_LIMITS } from '@/lib/participant-rules';
import { Button } from '@/components/ui/Button';
import { ChoiceCards } from './ChoiceCards';
import { CATEGORY_CHOICES, TYPE_CHOICES } from './registration-choices';
import { clearDraft } from './registration-draft';
import { Section } from './RegistrationSection';
import { useFocusFirstError } from './use-focus-first-error';
import { toRecap } from './registration-recap';
import { useDraftSaving, useRegistrationDraft } from './use-registration-draft';
import {
  EMPTY_MEMBER,
  registrationSchema,
  toNewRegistration,
  type RegistrationFormOutput,
  type RegistrationFormValues,
} from './registration-schema';
import * as paths from '@/config/route-paths';

type Props = {
  /** The opening check failed: say so, the database still decides on submission. */
  statusUnknown: boolean;
  onClosed: (reason: ClosedReason) => void;
};

export function RegistrationForm({ statusUnknown, onClosed }: Props) {
  const navigate = useNavigate();
  const draft = useRegistrationDraft();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const form = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver: zodResolver<RegistrationFormValues, unknown, RegistrationFormOutput>(
      registrationSchema,
    ),
    defaultValues: draft.values,
    shouldFocusError: false, // focus goes to the first error in page order (see below)
  });
  const { register, control, handleSubmit, getValues, setValue, setError, subscribe, formState } =
    form;
  const participationType = useWatch({ control, name: 'participationType' });
  const description = useWatch({ control, name: 'description' });
  const { errors, isSubmitting } = formState;
  useDraftSaving(draft, subscribe);

  // The proof of work is solved while the visitor fills the form (from the first interaction, not
  // during the page's load), so submitting does not wait.
  useEffect(() => prepareProofOfWorkOnInteraction(), []);

  const focusFirstError = useFocusFirstError(formRef);

  const onInvalid = focusFirstError;

  const onValid = async (values: RegistrationFormOutput) => {
    setFailure(null);
    try {
      const registration = toNewRegistration(values);
      const { id } = await registerParticipant(
        draft.id,
        registration,
        honeypotValue(honeypot.current),
      );
      clearDraft();
      // /success recaps what was registered (name, category, mode, team, reference).
      navigate(paths.registrationSuccess, { state: { recap: toRecap(id, registration) } });
    } catch (error) {
      const closed = closedReasonOf(error);
      if (closed) return onClosed(closed);
      const message = error instanceof DataError ? error.message : REGISTRATION_ERROR;
      const field = refusedFieldOf(error);
      // Shown once: under the field it concerns, or else above the submit button.
      if (field) {
        focusFirstError();
        setError(field, { message });
      } else setFailure(message);
    }
  };

  const descriptionLength = description?.length ?? 0;
  const typeField = register('participationType', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (event.target.value === 'team' && getValues('teamMembers').length === 0)
        setValue('teamMembers', [{ ...EMPTY_MEMBER }]);
    },
  });

  return (
    <>
      <p className="mt-2 text-gray-700">
        Choisissez votre catégorie et votre mode de participation, puis présentez-vous.
      </p>
      <p className="mt-2 text-sm text-gray-600">
        Une question avant de vous lancer ?{' '}
        <Link to={paths.faq} className="font-medium text-brand-700 underline">
          Consultez la FAQ
        </Link>{' '}
        : ce que vous avez saisi restera ici.
      </p>
      {statusUnknown && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Nous n&apos;avons pas pu vérifier l&apos;ouverture des inscriptions. Vous pouvez remplir
          le formulaire : elle sera vérifiée à l&apos;envoi.
        </p>
      )}

      <FormProvider {...form}>
        <form
          ref={formRef}
          noValidate
          aria-label="Formulaire d’inscription"
          onSubmit={(event) => handleSubmit(onValid, onInvalid)(event)}
          className="mt-6 space-y-6"
        >
          <Honeypot ref={honeypot} />
          <RequiredLegend />
          <Section step={1} title="Votre catégorie">
            <ChoiceCards
              legend="Dans quelle catégorie participez-vous ?"
              choices={CATEGORY_CHOICES}
              field={register('category')}
              error={errors.category?.message}
            />
          </Section>

          <Section step={2} title="Votre mode de participation">
            <ChoiceCards
              legend="Vous participez…"
              choices={TYPE_CHOICES}
              field={typeField}
              error={errors.participationType?.message}
            />
          </Section>

          <Section
            step={3}
            title={
              participationType === 'team' ? 'Vos informations (responsable)' : 'Vos informations'
            }
          >
            <Field label="Nom complet" required error={errors.fullName?.message}>
              <input type="text" autoComplete="name" {...register('fullName')} />
            </Field>
            <Field label="E-mail" required error={errors.email?.message}>
              <input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Field label="Téléphone" required hint={PHONE_HINT} error={errors.phone?.message}>
              <input
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                {...register('phone')}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Ville" required error={errors.city?.message}>
                <input type="text" autoComplete="address-level2" {...register('city')} />
              </Field>
              <Field label="Région" required error={errors.region?.message}>
                <select {...register('region')}>
                  <option value="">Sélectionnez votre région</option>
                  <RegionOptions />
                </select>
              </Field>
            </div>
          </Section>

          {participationType === 'team' && (
            <Section step={4} title="Votre équipe">
              <Field label="Nom de l’équipe" required error={errors.teamName?.message}>
                <input type="text" autoComplete="off" {...register('teamName')} />
              </Field>
              <TeamMembersFields who="self" />
            </Section>
          )}

          <Section step={participationType === 'team' ? 5 : 4} title="Votre prestation">
            <Field
              label="Lien vers une vidéo de votre prestation (facultatif)"
              hint="YouTube, TikTok, Facebook, Instagram… Collez l’adresse, avec ou sans https://"
              error={errors.linkToWork?.message}
            >
              <input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                {...register('linkToWork')}
              />
            </Field>
            <Field
              label="Présentez-vous en quelques mots (facultatif)"
              hint={
                <span
                  className={
                    descriptionLength > PARTICIPANT_LIMITS.description
                      ? 'font-medium text-red-700'
                      : undefined
                  }
                >
                  {descriptionLength}/{PARTICIPANT_LIMITS.description} caractères
                </span>
              }
              error={errors.description?.message}
            >
              <textarea rows={4} {...register('description')} />
            </Field>
          </Section>

          <Section step={participationType === 'team' ? 6 : 5} title="Règlement">
            <div>
              <div className="flex items-start gap-3">
                <input
                  id="registration-terms"
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-brand-600"
                  aria-required="true"
                  aria-invalid={errors.agreeToTerms ? true : undefined}
                  aria-describedby={errors.agreeToTerms ? 'registration-terms-error' : undefined}
                  {...register('agreeToTerms')}
                />
                <label htmlFor="registration-terms" className="min-w-0 text-sm text-gray-800">
                  J&apos;accepte{' '}
                  {/* A new tab: the form stays as filled (it is also kept as a draft). */}
                  <a
                    href={paths.rules}
                    target="_blank"
                    rel="noopener"
                    aria-describedby="registration-rules-new-tab"
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    le règlement
                  </a>
                  <span id="registration-rules-new-tab" hidden>
                    s’ouvre dans un nouvel onglet
                  </span>{' '}
                  du Booster Challenge et je confirme que{' '}
                  {participationType === 'team' ? 'chaque membre de l’équipe a' : "j'ai"} au moins{' '}
                  {EDITION.minimumAge} ans ; les participants mineurs ont l&apos;accord d&apos;un
                  parent ou d&apos;un tuteur légal.
                  <span className="text-red-700" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </label>
              </div>
              {errors.agreeToTerms && (
                <p id="registration-terms-error" className="mt-1 text-sm text-red-700" role="alert">
                  {errors.agreeToTerms.message}
                </p>
              )}
            </div>
          </Section>

          {/* Every refusal but a closed registration and those shown under their field (the
            duplicates, refusedFieldOf): rate limit, network... */}
          <FormAlert message={failure} />

          <Button type="submit" size="block" busy={isSubmitting} busyLabel="Inscription en cours…">
            Valider mon inscription
          </Button>
          <p className="text-center text-sm text-gray-600">
            Inscription gratuite. Vous recevrez une confirmation par e-mail sous{' '}
            {EDITION.confirmationWithinHours} heures.
          </p>
        </form>
      </FormProvider>
    </>
  );
}
