import { useRef } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { EDITION } from '@/config/edition';
import { EMPTY_MEMBER, TEAM_MEMBERS, type TeamMemberValues } from '@/lib/participant-rules';

/** What this group needs of the surrounding form (read through its <FormProvider>). */
type TeamForm = { teamMembers: TeamMemberValues[] };

const WORDING = {
  /** The registrant fills in their own team. */
  self: {
    count: 'Votre équipe compte',
    including: 'vous compris',
    addOthers: ' Ajoutez les autres membres ci-dessous.',
    full: 'Votre équipe a atteint',
  },
  /** An organiser edits someone else's team. */
  other: {
    count: 'L’équipe compte',
    including: 'responsable compris',
    addOthers: '',
    full: 'L’équipe a atteint',
  },
} as const;

/**
 * The other members of a team (1 to 9 besides the registrant): numbered rows, added and removed
 * one by one. The registration form and the admin's edit form both use it, inside their
 * <FormProvider>, with the rules of src/lib/participant-rules.ts.
 */
export function TeamMembersFields({ who }: { who: keyof typeof WORDING }) {
  const { control, register } = useFormContext<TeamForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'teamMembers' });
  const { errors } = useFormState({ control, name: 'teamMembers' });
  const text = WORDING[who];
  const addButton = useRef<HTMLButtonElement>(null);
  const memberErrors = errors.teamMembers;
  const sizeError = memberErrors?.root?.message ?? memberErrors?.message;
  const people = fields.length + 1;
  const full = fields.length >= TEAM_MEMBERS.max;

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        {text.count}{' '}
        <strong>
          {people} personne{people > 1 ? 's' : ''}
        </strong>
        , {text.including} (de {EDITION.team.min} à {EDITION.team.max}).{text.addOthers}
      </p>
      <ol className="space-y-4">
        {fields.map((field, index) => {
          const e = memberErrors?.[index];
          const n = index + 1;
          return (
            <li key={field.id}>
              <div
                role="group"
                aria-labelledby={`${field.id}-title`}
                className="rounded-lg border border-gray-200 bg-gray-50 p-3 sm:p-4"
              >
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`${field.id}-title`} className="font-semibold text-gray-900">
                    Membre {n}
                  </h3>
                  <button
                    type="button"
                    onClick={() => {
                      remove(index);
                      addButton.current?.focus();
                    }}
                    aria-label={`Retirer le membre ${n}`}
                    className="min-h-10 rounded-md px-3 text-sm font-medium text-red-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 focus-visible:outline-hidden"
                  >
                    Retirer
                  </button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label={`Nom complet du membre ${n}`}
                    required
                    error={e?.fullName?.message}
                    className="sm:col-span-2"
                  >
                    <input
                      type="text"
                      autoComplete="off"
                      {...register(`teamMembers.${index}.fullName`)}
                    />
                  </Field>
                  <Field label={`Téléphone du membre ${n}`} required error={e?.phone?.message}>
                    <input
                      type="tel"
                      inputMode="numeric"
                      autoComplete="off"
                      {...register(`teamMembers.${index}.phone`)}
                    />
                  </Field>
                  <Field label={`E-mail du membre ${n} (facultatif)`} error={e?.email?.message}>
                    <input
                      type="email"
                      autoComplete="off"
                      {...register(`teamMembers.${index}.email`)}
                    />
                  </Field>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {sizeError && (
        <p
          id="team-size-error"
          className="text-sm text-red-700"
          role="alert"
          tabIndex={-1}
          data-error-focus
        >
          {sizeError}
        </p>
      )}
      <button
        ref={addButton}
        type="button"
        disabled={full}
        onClick={() => append({ ...EMPTY_MEMBER }, { shouldFocus: true })}
        aria-describedby={full ? 'team-full-hint' : undefined}
        className="w-full rounded-lg border-2 border-dashed border-brand-600 px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-3 focus-visible:ring-brand-900 focus-visible:ring-offset-2 focus-visible:outline-hidden disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-500 disabled:hover:bg-transparent"
      >
        + Ajouter un membre
      </button>
      {full && (
        <p id="team-full-hint" className="text-sm text-gray-700">
          {text.full} le maximum de {EDITION.team.max} personnes.
        </p>
      )}
    </div>
  );
}
