import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Honeypot, honeypotValue } from '@/components/ui/Honeypot';
import { CATEGORY_LABELS, EDITION, PARTICIPATION_TYPE_LABELS, REGIONS } from '@/config/edition';
import { DataError } from '@/lib/errors';
import { prepareProofOfWorkOnInteraction } from '@/data/public-write';
import {
  closedReasonOf,
  REGISTRATION_ERROR,
  refusedFieldOf,
  registerParticipant,
  type ClosedReason,
} from '@/data/register-participant';
import { ChoiceCards } from './ChoiceCards';
import { TeamMembersFields } from './TeamMembersFields';
import { clearDraft, loadDraft, saveDraft, type RegistrationDraft } from './registration-draft';
import {
  DESCRIPTION_MAX,
  EMPTY_MEMBER,
  registrationSchema,
  toNewRegistration,
  type RegistrationFormOutput,
  type RegistrationFormValues,
} from './registration-schema';

// Outline icons (Heroicons, MIT): musical note, microphone, user, user group.
const ICONS = {
  dance:
    'm9 9 10.5-3m0 6.553v3.75a2.25 2.25 0 0 1-1.632 2.163l-1.32.377a1.803 1.803 0 1 1-.99-3.467l2.31-.66a2.25 2.25 0 0 0 1.632-2.163Zm0 0V2.25L9 5.25v10.303m0 0v3.75a2.25 2.25 0 0 1-1.632 2.163l-1.32.377a1.803 1.803 0 0 1-.99-3.467l2.31-.66A2.25 2.25 0 0 0 9 15.553Z',
  singing:
    'M12 18.75a6 6 0 0 0 6-6v-1.5m-6 7.5a6 6 0 0 1-6-6v-1.5m6 7.5v3.75m-3.75 0h7.5M12 15.75a3 3 0 0 1-3-3V4.5a3 3 0 1 1 6 0v8.25a3 3 0 0 1-3 3Z',
  solo: 'M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.501 20.118a7.5 7.5 0 0 1 14.998 0A17.933 17.933 0 0 1 12 21.75c-2.676 0-5.216-.584-7.499-1.632Z',
  team: 'M18 18.72a9.094 9.094 0 0 0 3.741-.479 3 3 0 0 0-4.682-2.72m.94 3.198.001.031c0 .225-.012.447-.037.666A11.944 11.944 0 0 1 12 21c-2.17 0-4.207-.576-5.963-1.584A6.062 6.062 0 0 1 6 18.719m12 0a5.971 5.971 0 0 0-.941-3.197m0 0A5.995 5.995 0 0 0 12 12.75a5.995 5.995 0 0 0-5.058 2.772m0 0a3 3 0 0 0-4.681 2.72 8.986 8.986 0 0 0 3.74.477m.94-3.197a5.971 5.971 0 0 0-.94 3.197M15 6.75a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm6 3a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Zm-13.5 0a2.25 2.25 0 1 1-4.5 0 2.25 2.25 0 0 1 4.5 0Z',
};

const CATEGORY_CHOICES = [
  {
    value: 'dance',
    label: CATEGORY_LABELS.dance,
    icon: ICONS.dance,
    description: 'Hip-hop, afro, coupé-décalé, contemporain…',
  },
  {
    value: 'singing',
    label: CATEGORY_LABELS.singing,
    icon: ICONS.singing,
    description: 'Toutes les voix, tous les styles',
  },
];
const TYPE_CHOICES = [
  {
    value: 'solo',
    label: PARTICIPATION_TYPE_LABELS.solo,
    icon: ICONS.solo,
    description: 'Vous vous présentez seul(e)',
  },
  {
    value: 'team',
    label: PARTICIPATION_TYPE_LABELS.team,
    icon: ICONS.team,
    description: `De ${EDITION.team.min} à ${EDITION.team.max} personnes`,
  },
];

/** The saved draft, with the home page's ?category= and ?type= choices applied over it. */
function initialDraft(params: URLSearchParams): RegistrationDraft {
  const draft = loadDraft();
  const values = { ...draft.values };
  const category = params.get('category');
  const type = params.get('type');
  if (category === 'dance' || category === 'singing') values.category = category;
  if (type === 'solo' || type === 'team') values.participationType = type;
  if (values.participationType === 'team' && values.teamMembers.length === 0)
    values.teamMembers = [{ ...EMPTY_MEMBER }];
  return { id: draft.id, values };
}

function Section({
  step,
  title,
  children,
}: {
  step: number;
  title: string;
  children: React.ReactNode;
}) {
  const id = `registration-step-${step}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 flex items-center gap-3 text-lg font-bold text-gray-900">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
        >
          {step}
        </span>
        {title}
      </h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

type Props = {
  /** The opening check failed: say so, the database still decides on submission. */
  statusUnknown: boolean;
  onClosed: (reason: ClosedReason) => void;
};

export function RegistrationForm({ statusUnknown, onClosed }: Props) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [draft] = useState(() => initialDraft(searchParams));
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const { register, control, handleSubmit, getValues, setValue, setError, subscribe, formState } =
    useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
      resolver: zodResolver<RegistrationFormValues, unknown, RegistrationFormOutput>(
        registrationSchema,
      ),
      defaultValues: draft.values,
      shouldFocusError: false, // focus goes to the first error in page order (see below)
    });
  const participationType = useWatch({ control, name: 'participationType' });
  const description = useWatch({ control, name: 'description' });
  const { errors, isSubmitting } = formState;

  // The proof of work is solved while the visitor fills the form (from the first interaction, not
  // during the page's load), so submitting does not wait.
  useEffect(() => prepareProofOfWorkOnInteraction(), []);

  // Keep what is typed (and the registration id) until success: a reload or a failure loses nothing.
  useEffect(() => {
    saveDraft(draft);
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => saveDraft({ id: draft.id, values }),
    });
  }, [draft, subscribe]);

  // The home page's choices are now in the draft: drop them from the address, so a reload keeps
  // what the visitor changed since.
  useEffect(() => {
    if (searchParams.has('category') || searchParams.has('type'))
      setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  // After a refused submission, focus the first field in error, in page order (for a group of
  // choices, its first choice), in the same commit that puts the errors on screen (a layout
  // effect: no frame where the message shows and the focus has not moved yet).
  const focusPending = useRef(false);
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-error-focus]',
    );
    if (!target) return;
    focusPending.current = false;
    const focusable = target.matches('input, select, textarea, [tabindex]')
      ? target
      : target.querySelector<HTMLElement>('input, select, textarea');
    focusable?.focus();
  });

  const onInvalid = () => {
    focusPending.current = true;
  };

  const onValid = async (values: RegistrationFormOutput) => {
    setFailure(null);
    try {
      await registerParticipant(
        draft.id,
        toNewRegistration(values),
        honeypotValue(honeypot.current),
      );
      clearDraft();
      navigate('/success');
    } catch (error) {
      const closed = closedReasonOf(error);
      if (closed) return onClosed(closed);
      const message = error instanceof DataError ? error.message : REGISTRATION_ERROR;
      setFailure(message);
      const field = refusedFieldOf(error);
      if (field) {
        focusPending.current = true;
        setError(field, { message });
      }
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
        Choisissez votre catégorie et votre mode de participation, puis présentez-vous. Les champs
        marqués <span className="text-red-700">*</span> sont obligatoires.
      </p>
      <p className="mt-2 text-sm text-gray-600">
        Une question avant de vous lancer ?{' '}
        <Link to="/faq" className="font-medium text-brand-700 underline">
          Consultez la FAQ
        </Link>{' '}
        : ce que vous avez saisi restera ici.
      </p>
      {statusUnknown && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Nous n&apos;avons pas pu vérifier l&apos;ouverture des inscriptions. Vous pouvez remplir
          le formulaire : elle sera vérifiée à l&apos;envoi.
        </p>
      )}

      <form
        ref={formRef}
        noValidate
        aria-label="Formulaire d'inscription"
        onSubmit={(event) => handleSubmit(onValid, onInvalid)(event)}
        className="mt-6 space-y-6"
      >
        <Honeypot ref={honeypot} />
        <Section step={1} title="Votre catégorie">
          <ChoiceCards
            legend="Dans quelle catégorie participez-vous ?"
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
          <Field label="Email" required error={errors.email?.message}>
            <input type="email" autoComplete="email" {...register('email')} />
          </Field>
          <Field
            label="Téléphone"
            required
            hint="9 chiffres, sans espace (ex. 6XXXXXXXX)"
            error={errors.phone?.message}
          >
            <input
              type="tel"
              inputMode="numeric"
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
                {REGIONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </Section>

        {participationType === 'team' && (
          <Section step={4} title="Votre équipe">
            <Field label="Nom de l'équipe" required error={errors.teamName?.message}>
              <input type="text" autoComplete="off" {...register('teamName')} />
            </Field>
            <TeamMembersFields control={control} register={register} />
          </Section>
        )}

        <Section step={participationType === 'team' ? 5 : 4} title="Votre prestation">
          <Field
            label="Lien vers une vidéo de votre prestation (facultatif)"
            hint="YouTube, TikTok, Facebook, Instagram… L'adresse commence par https://"
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
                  descriptionLength > DESCRIPTION_MAX ? 'font-medium text-red-700' : undefined
                }
              >
                {descriptionLength}/{DESCRIPTION_MAX} caractères
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
                aria-invalid={errors.agreeToTerms ? true : undefined}
                aria-describedby={errors.agreeToTerms ? 'registration-terms-error' : undefined}
                {...register('agreeToTerms')}
              />
              <label htmlFor="registration-terms" className="text-sm text-gray-800">
                J&apos;accepte le règlement du Booster Challenge et je confirme que{' '}
                {participationType === 'team' ? 'chaque membre de l’équipe a' : "j'ai"} au moins{' '}
                {EDITION.minimumAge} ans ; les participants mineurs ont l&apos;accord d&apos;un
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

        {/* Every refusal but a closed registration: the duplicates are also shown under their
            field (refusedFieldOf); the others (rate limit, network...) only here. */}
        <FormAlert message={failure} />

        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-xl bg-brand-600 px-6 py-4 text-lg font-bold text-white shadow hover:bg-brand-700 focus-visible:ring-4 focus-visible:ring-accent-400 focus-visible:outline-none disabled:cursor-wait disabled:opacity-70"
        >
          {isSubmitting ? 'Inscription en cours...' : 'Valider mon inscription'}
        </button>
        <p className="text-center text-sm text-gray-600">
          Inscription gratuite. Vous recevrez une confirmation par email sous{' '}
          {EDITION.confirmationWithinHours} heures.
        </p>
      </form>
    </>
  );
}
