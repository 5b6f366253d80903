import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/ui/Field';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { downloadFile } from '@/lib/csv';
import {
  emailTemplateId,
  EmailNotConfiguredError,
  isEmailConfigured,
  sendEmail,
} from '@/lib/emailjs';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS, REGIONS } from '@/config/edition';
import { getParticipant } from '@/data/get-participant';
import { updateParticipant } from '@/data/update-participant';
import { deleteParticipant } from '@/data/delete-participant';
import type { Participant } from '@/data/types';
import { useAsyncData } from '../shared/use-async-data';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { participantJsonFileName } from '../shared/exports';
import {
  btnDanger,
  btnDangerOutline,
  btnPrimary,
  btnSecondary,
  card,
  linkClass,
  pageTitle,
} from '../shared/ui';
import {
  MAX_MEMBERS,
  MIN_MEMBERS,
  participantEditSchema,
  toEditValues,
  type ParticipantEditValues,
} from './participant-edit-schema';

const EMAIL_NOT_CONFIGURED = "L'envoi d'e-mails n'est pas configuré";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={card} aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-600">{term}</dt>
      <dd className="font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}

export default function ParticipantDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sending, setSending] = useState(false);

  const { data, loading, reload } = useAsyncData(
    id,
    () => getParticipant(id),
    (e) => notify.error(e.message),
  );
  // While reloading after a save, keep showing the participant; a new id shows the loader.
  const participant = loading && data?.id !== id ? undefined : data;

  useEffect(() => {
    if (participant === null) {
      notify.error('Participant non trouvé');
      navigate('/admin/participants', { replace: true });
    }
  }, [participant, navigate]);

  if (participant === undefined) {
    return loading ? (
      <p role="status" className="text-gray-700">
        Chargement du participant...
      </p>
    ) : (
      <div className="space-y-4">
        <h1 className={pageTitle}>Participant</h1>
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          Erreur lors du chargement des données
        </p>
        <button type="button" className={btnSecondary} onClick={reload}>
          Réessayer
        </button>
        <Link to="/admin/participants" className={`block ${linkClass}`}>
          ← Retour à la liste
        </Link>
      </div>
    );
  }
  if (participant === null) return null;

  const onDelete = async () => {
    setDeleting(true);
    try {
      await deleteParticipant(participant.id);
      notify.success('Participant supprimé avec succès');
      navigate('/admin/participants', { replace: true });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Erreur lors de la suppression du participant');
      setDeleting(false);
      setConfirmOpen(false);
    }
  };

  const onExportJson = () => {
    downloadFile(
      participantJsonFileName(participant.id),
      JSON.stringify(participant, null, 2),
      'application/json;charset=utf-8',
    );
    notify.success('Données exportées avec succès');
  };

  const onSendConfirmation = async () => {
    if (!isEmailConfigured('confirmation')) {
      notify.error(EMAIL_NOT_CONFIGURED);
      return;
    }
    setSending(true);
    try {
      await sendEmail(emailTemplateId('confirmation'), {
        to_name: participant.fullName,
        to_email: participant.email,
        category: CATEGORY_LABELS[participant.category],
        participation_type: PARTICIPATION_TYPE_LABELS[participant.participationType],
        team_name: participant.teamName,
        registration_date: formatDateTime(participant.createdAt),
        participant_id: participant.id,
      });
      notify.success('Email de confirmation envoyé');
    } catch (e) {
      notify.error(
        e instanceof EmailNotConfiguredError
          ? EMAIL_NOT_CONFIGURED
          : "Échec de l'envoi de l'email de confirmation. Veuillez réessayer.",
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-6">
      <Link to="/admin/participants" className={linkClass}>
        ← Retour à la liste
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className={pageTitle}>{participant.fullName}</h1>
          <p className="text-gray-700">
            {CATEGORY_LABELS[participant.category]} ·{' '}
            {PARTICIPATION_TYPE_LABELS[participant.participationType]}
            {participant.participationType === 'team' && participant.teamName
              ? ` · ${participant.teamName}`
              : ''}
          </p>
        </div>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={btnPrimary} onClick={() => setEditing(true)}>
              Modifier
            </button>
            <button type="button" className={btnDangerOutline} onClick={() => setConfirmOpen(true)}>
              Supprimer
            </button>
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {editing ? (
            <EditForm
              participant={participant}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                reload();
              }}
            />
          ) : (
            <ParticipantView participant={participant} />
          )}
        </div>

        <aside className="space-y-6" aria-label="Actions">
          <Section title="Actions">
            <div className="flex flex-col gap-2">
              <button
                type="button"
                className={btnSecondary}
                onClick={onSendConfirmation}
                disabled={sending}
                aria-describedby={isEmailConfigured('confirmation') ? undefined : 'email-off'}
              >
                {sending ? 'Envoi en cours...' : "Envoyer l'email de confirmation"}
              </button>
              {!isEmailConfigured('confirmation') && (
                <p id="email-off" className="text-sm text-gray-600">
                  {EMAIL_NOT_CONFIGURED} (EmailJS).
                </p>
              )}
              <button type="button" className={btnSecondary} onClick={onExportJson}>
                Exporter en JSON
              </button>
              <button type="button" className={btnDanger} onClick={() => setConfirmOpen(true)}>
                Supprimer le participant
              </button>
            </div>
          </Section>
        </aside>
      </div>

      <ConfirmDialog
        open={confirmOpen}
        title="Supprimer le participant"
        message="Êtes-vous sûr de vouloir supprimer ce participant ? Cette action est irréversible."
        confirmLabel="Supprimer"
        busy={deleting}
        busyLabel="Suppression..."
        onConfirm={onDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </div>
  );
}

function ParticipantView({ participant: p }: { participant: Participant }) {
  return (
    <>
      <Section title="Informations personnelles">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item term="Nom complet">{p.fullName}</Item>
          <Item term="Email">
            <a href={`mailto:${p.email}`} className={linkClass}>
              {p.email}
            </a>
          </Item>
          <Item term="Téléphone">{p.phone}</Item>
          <Item term="Ville">{p.city}</Item>
          <Item term="Région">{p.region}</Item>
          <Item term="Catégorie">{CATEGORY_LABELS[p.category]}</Item>
          <Item term="Type de participation">{PARTICIPATION_TYPE_LABELS[p.participationType]}</Item>
        </dl>
      </Section>

      {p.participationType === 'team' && (
        <Section title="Informations de l'équipe">
          <dl className="mb-4">
            <Item term="Nom de l'équipe">{p.teamName || '—'}</Item>
          </dl>
          <h3 className="mb-2 font-semibold text-gray-900">
            Membres ({p.teamMembers.length + 1} personnes avec le responsable)
          </h3>
          <ol className="space-y-2">
            {p.teamMembers.map((m, i) => (
              <li key={m.id ?? i} className="rounded-lg bg-gray-50 p-3">
                <p className="font-medium text-gray-900">
                  Membre {i + 1} : {m.fullName}
                </p>
                <p className="text-sm text-gray-700">
                  {m.phone}
                  {m.email ? ` · ${m.email}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <Section title="Informations complémentaires">
        {p.linkToWork || p.description ? (
          <dl className="space-y-4">
            {p.linkToWork && (
              <Item term="Lien vers une réalisation">
                <a
                  href={p.linkToWork}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={linkClass}
                >
                  {p.linkToWork}
                </a>
              </Item>
            )}
            {p.description && (
              <Item term="Description">
                <span className="whitespace-pre-line">{p.description}</span>
              </Item>
            )}
          </dl>
        ) : (
          <p className="text-gray-700">Aucune information complémentaire fournie</p>
        )}
      </Section>

      <Section title="Détails de l'inscription">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Item term="Date d'inscription">{formatDateTime(p.createdAt)}</Item>
          <Item term="Identifiant">
            <span className="font-mono text-sm">{p.id}</span>
          </Item>
          <Item term="Conditions acceptées">{p.agreeToTerms ? 'Oui' : 'Non'}</Item>
        </dl>
      </Section>
    </>
  );
}

function EditForm({
  participant,
  onCancel,
  onSaved,
}: {
  participant: Participant;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ParticipantEditValues>({
    resolver: zodResolver(participantEditSchema),
    defaultValues: toEditValues(participant),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'teamMembers' });
  const type = useWatch({ control, name: 'participationType' });

  const onSubmit = async (values: ParticipantEditValues) => {
    try {
      await updateParticipant(participant.id, {
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
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-6"
      aria-label="Modifier le participant"
    >
      <Section title="Informations personnelles">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nom complet" error={errors.fullName?.message} required>
            <input type="text" autoComplete="off" {...register('fullName')} />
          </Field>
          <Field label="Email" error={errors.email?.message} required>
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
              {REGIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
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
        <Section title="Informations de l'équipe">
          <Field label="Nom de l'équipe" error={errors.teamName?.message} required>
            <input type="text" {...register('teamName')} />
          </Field>
          <div className="mt-4 space-y-4">
            {fields.map((f, i) => (
              <fieldset key={f.id} className="rounded-lg border border-gray-200 p-3">
                <legend className="px-1 font-semibold text-gray-900">Membre {i + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    label={`Nom du membre ${i + 1}`}
                    error={errors.teamMembers?.[i]?.fullName?.message}
                    required
                  >
                    <input type="text" {...register(`teamMembers.${i}.fullName`)} />
                  </Field>
                  <Field
                    label={`Téléphone du membre ${i + 1}`}
                    error={errors.teamMembers?.[i]?.phone?.message}
                    required
                  >
                    <input type="tel" inputMode="numeric" {...register(`teamMembers.${i}.phone`)} />
                  </Field>
                  <Field
                    label={`Email du membre ${i + 1}`}
                    error={errors.teamMembers?.[i]?.email?.message}
                  >
                    <input type="email" {...register(`teamMembers.${i}.email`)} />
                  </Field>
                </div>
                <button
                  type="button"
                  className={`${btnDangerOutline} mt-3`}
                  onClick={() => remove(i)}
                  disabled={fields.length <= MIN_MEMBERS}
                >
                  Retirer le membre {i + 1}
                </button>
              </fieldset>
            ))}
            {errors.teamMembers?.message && (
              <p role="alert" className="text-sm text-red-700">
                {errors.teamMembers.message}
              </p>
            )}
            <button
              type="button"
              className={btnSecondary}
              onClick={() => append({ fullName: '', phone: '', email: '' })}
              disabled={fields.length >= MAX_MEMBERS}
            >
              Ajouter un membre
            </button>
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
        <button type="submit" className={btnPrimary} disabled={isSubmitting}>
          {isSubmitting ? 'Enregistrement...' : 'Enregistrer'}
        </button>
        <button type="button" className={btnSecondary} onClick={cancel} disabled={isSubmitting}>
          Annuler
        </button>
      </div>
    </form>
  );
}
