import { useState } from 'react';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { downloadFile } from '@/lib/csv';
import {
  emailTemplateId,
  EmailNotConfiguredError,
  isEmailConfigured,
  sendEmail,
} from '@/lib/emailjs';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { BIN_DAYS } from '@/data/delete-participant';
import { logExport } from '@/data/audit';
import type { Participant } from '@/data/types';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { participantJsonFileName } from '../shared/exports';
import { Button } from '@/components/ui/Button';
import { Section } from './detail-parts';

const EMAIL_NOT_CONFIGURED = 'L’envoi d’e-mails n’est pas configuré';

/** The side panel of a participant's page: confirmation e-mail, JSON export, deletion. */
export function ParticipantActions({
  participant,
  onDelete,
}: {
  participant: Participant;
  /** Opens the deletion confirmation (owned by the page, which also offers it in its header). */
  onDelete: () => void;
}) {
  const [sending, setSending] = useState(false);

  const onExportJson = async () => {
    downloadFile(
      participantJsonFileName(participant.id),
      JSON.stringify(participant, null, 2),
      'application/json;charset=utf-8',
    );
    // The journal records personal-data exports (issue 13); a download the journal refused is
    // still on the organiser's disk, so it is said rather than hidden.
    const logged = await logExport('participant_json', { participant: participant.id }, 1);
    if (logged) notify.success('Données exportées avec succès');
    else notify.error('Export téléchargé, mais non inscrit au journal');
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
    // Not a second "Actions" landmark: the section inside is the named region.
    <div className="space-y-6">
      <Section title="Actions">
        <div className="flex flex-col gap-2">
          <Button
            variant="secondary"
            onClick={onSendConfirmation}
            busy={sending}
            busyLabel="Envoi en cours…"
            aria-describedby={isEmailConfigured('confirmation') ? undefined : 'email-off'}
          >
            Envoyer l’e-mail de confirmation
          </Button>
          {!isEmailConfigured('confirmation') && (
            <p id="email-off" className="text-sm text-gray-600">
              {EMAIL_NOT_CONFIGURED} (EmailJS).
            </p>
          )}
          <Button variant="secondary" onClick={() => void onExportJson()}>
            Exporter en JSON
          </Button>
          <Button variant="danger" onClick={onDelete}>
            Supprimer le participant
          </Button>
        </div>
      </Section>
    </div>
  );
}

const members = (n: number) => `${n} membre${n > 1 ? 's' : ''}`;

type DeleteDialogProps = {
  /** Who would be deleted (null: the dialog is closed). */
  participant: Participant | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes when it closes after the deletion (ConfirmDialog). */
  returnFocus?: () => HTMLElement | null;
};

/** The confirmation of a deletion, naming the person (and the team that goes with them). */
export function DeleteParticipantDialog({
  participant: p,
  busy,
  onConfirm,
  onCancel,
  returnFocus,
}: DeleteDialogProps) {
  const team =
    p?.participationType === 'team'
      ? ` et son équipe${p.teamName ? ` « ${p.teamName} »` : ''} (${members(p.teamMembers.length)})`
      : '';
  return (
    <ConfirmDialog
      open={p !== null}
      title={`Supprimer ${p?.fullName ?? ''} ?`}
      message={`${p?.fullName ?? ''}${team} quittera les listes et ira dans la corbeille, d’où l’inscription peut être restaurée pendant ${BIN_DAYS} jours.`}
      confirmLabel="Supprimer"
      busy={busy}
      busyLabel="Suppression…"
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocus={returnFocus}
    />
  );
}
