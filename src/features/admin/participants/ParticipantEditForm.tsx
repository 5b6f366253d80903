import { useEffect } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { RegionOptions } from '@/components/forms/RegionOptions';
import { TeamMembersFields } from '@/components/forms/TeamMembersFields';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/ui/Field';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { notify } from '@/lib/toast';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { Participant } from '@/data/participants/types';
import { Button } from '@/components/ui/Button';
import { Section } from './detail-parts';
import { useUpdateParticipant } from '@/data/participants/participant-mutations';
import {
  participantEditSchema,
  toEditValues,
  type ParticipantEditValues,
} from './participant-edit-schema';

/**
 * The edit form of a participant's page. Saving waits for the participant to be fetched again
 * (useUpdateParticipant), so the page shows the stored values when the form closes.
 */
export function ParticipantEditForm({
  participant,
  onCancel,
  onSaved,
}: {
  participant: Participant;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const form = useForm<ParticipantEditValues>({
    resolver: zodResolver(participantEditSchema),
    defaultValues: toEditValues(participant),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  // Opened by Modifier, which it replaces: the focus goes to its first field (issue 15).
  useEffect(() => setFocus('fullName'), [setFocus]);
  const update = useUpdateParticipant(participant.id);
  const type = useWatch({ control, name: 'participationType' });

  const onSubmit = async (values: ParticipantEditValues) => {
    try {
      await update.mutateAsync({
        ...values,
        teamMembers: values.participationType === 'team' ? values.teamMembers : [],
      });
      notify.success('Participant mis à jour avec succès');
      onSaved();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Erreur lors de la mise à jour du participant');
    }
  };

  const cancel = () => {
    reset(toEditValues(participant));
    onCancel();
  };

  return (
    <FormProvider {...form}>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="space-y-6"
        aria-label="Modifier le participant"
      >
        <RequiredLegend />
        <Section title="Informations personnelles">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nom complet" error={errors.fullName?.message} required>
              <input type="text" autoComplete="off" {...register('fullName')} />
            </Field>
            <Field label="E-mail" error={errors.email?.message} required>
              <input type="email" autoComplete="off" {...register('email')} />
            </Field>
            <Field label="Téléphone" error={errors.phone?.message} required>
              <input type="tel" inputMode="numeric" {...register('phone')} />
            </Field>
            <Field label="Ville" error={errors.city?.message} required>
              <input type="text" {...register('city')} />
            </Field>
            <Field label="Région" error={errors.region?.message} required>
              <select {...register('region')}>
                <RegionOptions />
              </select>
            </Field>
            <Field label="Catégorie" error={errors.category?.message} required>
              <select {...register('category')}>
                <option value="dance">{CATEGORY_LABELS.dance}</option>
                <option value="singing">{CATEGORY_LABELS.singing}</option>
              </select>
            </Field>
            <Field label="Type de participation" error={errors.participationType?.message} required>
              <select {...register('participationType')}>
                <option value="solo">{PARTICIPATION_TYPE_LABELS.solo}</option>
                <option value="team">{PARTICIPATION_TYPE_LABELS.team}</option>
              </select>
            </Field>
          </div>
        </Section>

        {type === 'team' && (
          <Section title="Informations de l’équipe">
            <Field label="Nom de l’équipe" error={errors.teamName?.message} required>
              <input type="text" {...register('teamName')} />
            </Field>
            <div className="mt-4">
              <TeamMembersFields who="other" />
            </div>
          </Section>
        )}

        <Section title="Informations complémentaires">
          <div className="space-y-4">
            <Field label="Lien vers une réalisation" error={errors.linkToWork?.message}>
              <input type="url" placeholder="https://" {...register('linkToWork')} />
            </Field>
            <Field label="Description" error={errors.description?.message}>
              <textarea rows={4} {...register('description')} />
            </Field>
          </div>
        </Section>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" busy={isSubmitting} busyLabel="Enregistrement…">
            Enregistrer
          </Button>
          <Button variant="secondary" onClick={cancel} busy={isSubmitting}>
            Annuler
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
