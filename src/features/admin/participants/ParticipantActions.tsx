import { Link } from 'react-router';
import { notify } from '@/lib/toast';
import { downloadFile } from '@/lib/csv';
import * as paths from '@/config/route-paths';
import { BIN_DAYS } from '@/data/journal/bin';
import { logExport } from '@/data/journal/audit';
import type { Participant } from '@/data/participants/types';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { linkClass } from '../ui/classes';
import { participantJsonFileName } from './participant-exports';
import { Button } from '@/components/ui/Button';
import { Section } from './detail-parts';

/**
 * The side panel of a participant's page: where the confirmation e-mail goes, JSON export,
 * deletion. The confirmation is queued by the database when the registration is stored and sent
 * by the outbox (private.queue_registration_confirmation): the browser sends none, so the
 * specification's "Envoyer l’e-mail de confirmation" button is a sentence and a link to "Envois"
 * (docs/decisions/038-no-visitor-links-and-outbox-only.md).
 */
export function ParticipantActions({
  participant,
  onDelete,
}: {
  participant: Participant;
  /** Opens the deletion confirmation (owned by the page, which also offers it in its header). */
  onDelete: () => void;
}) {
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

  return (
    // Not a second "Actions" landmark: the section inside is the named region.
    <div className="space-y-6">
      <Section title="Actions">
        <div className="flex flex-col gap-2">
          <p className="text-sm text-gray-700">
            L’e-mail de confirmation part automatiquement à l’inscription, par la file d’envoi.{' '}
            <Link to={paths.adminOutbox} className={linkClass}>
              Voir les envois
            </Link>
          </p>
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

/** The specification's confirmation question, word for word (its §5 "Deletion and export"). */
export const DELETE_QUESTION = 'Êtes-vous sûr de vouloir supprimer ce participant ?';

/**
 * A team's registration holds the other members (the registrant is the participant): they go
 * with it. "L’équipe « Les Lions » et ses 3 autres membres", or null for a solo.
 */
function teamWithMembers(p: Participant): string | null {
  if (p.participationType !== 'team') return null;
  const team = p.teamName ? `l’équipe «\u00a0${p.teamName}\u00a0»` : 'l’équipe';
  const n = p.teamMembers.length;
  if (n === 0) return team;
  return `${team} et ${n === 1 ? 'son autre membre' : `ses ${n} autres membres`}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The dialog's text: the specification's question; on the list, what goes with a team's
 * registration; on the participant's page, the bin's sentence in place of the specification's
 * "Cette action est irréversible." (a deleted participant goes to the bin, restorable for
 * BIN_DAYS days: docs/decisions/021-specification-words.md).
 */
export function deleteMessage(p: Participant, where: 'list' | 'detail'): string {
  const team = teamWithMembers(p);
  if (where === 'detail') {
    const withTeam = team ? `, avec ${team}` : '';
    return `${DELETE_QUESTION} L’inscription ira dans la corbeille${withTeam}, d’où elle pourra être restaurée pendant ${BIN_DAYS} jours.`;
  }
  if (!team) return DELETE_QUESTION;
  const several = p.teamMembers.length > 0;
  return `${DELETE_QUESTION} ${capitalised(team)} ${several ? 'sont supprimés' : 'est supprimée'} avec l’inscription.`;
}

type DeleteDialogProps = {
  /** Who would be deleted (null: the dialog is closed). */
  participant: Participant | null;
  /** The participants list, or the participant's own page (which adds the bin's sentence). */
  where: 'list' | 'detail';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where the focus goes when it closes after the deletion (ConfirmDialog). */
  returnFocus?: () => HTMLElement | null;
};

/** The confirmation of a deletion: it names the person and asks the specification's question. */
export function DeleteParticipantDialog({
  participant: p,
  where,
  busy,
  onConfirm,
  onCancel,
  returnFocus,
}: DeleteDialogProps) {
  return (
    <ConfirmDialog
      open={p !== null}
      title={`Supprimer ${p?.fullName ?? ''}`}
      message={p ? deleteMessage(p, where) : ''}
      confirmLabel="Supprimer"
      busy={busy}
      busyLabel="Suppression…"
      onConfirm={onConfirm}
      onCancel={onCancel}
      returnFocus={returnFocus}
    />
  );
}
