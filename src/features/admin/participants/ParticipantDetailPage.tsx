import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { focusElement } from '@/lib/move-focus';
import { adminPageTitle, useDocumentTitle } from '@/lib/use-page-meta';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { participantQuery } from '@/data/participants/queries';
import { QueryStatus } from '../ui/ListState';
import { Button } from '@/components/ui/Button';
import { linkClass, pageTitle } from '../ui/classes';
import { useListUrl } from './list-location';
import { DeleteParticipantDialog, ParticipantActions } from './ParticipantActions';
import { ParticipantEditForm } from './ParticipantEditForm';
import { ParticipantView } from './ParticipantView';
import { useDeleteParticipant } from '@/data/participants/participant-mutations';
import { useCanWrite } from '../workspace/use-staff-role';

/**
 * A participant's page: view or edit form, actions, deletion; "Retour à la liste" keeps its view.
 * A reader (`lecteur`) sees the view only: no edit, no e-mail, no export, no deletion.
 */
export default function ParticipantDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const listUrl = useListUrl();
  const [editing, setEditing] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeleteParticipant();
  const canWrite = useCanWrite();

  const query = useQuery(participantQuery(id));
  const participant = query.data;
  useDocumentTitle(adminPageTitle(participant?.fullName ?? 'Participant'));

  /*
   * Closing the edit form removes the focused button (issue 15): after Enregistrer the focus goes
   * to the heading of the saved view, after Annuler back to Modifier.
   */
  const heading = useRef<HTMLHeadingElement>(null);
  const headerActions = useRef<HTMLDivElement>(null);
  const focusAfterEdit = useRef<'heading' | 'edit' | null>(null);
  useEffect(() => {
    if (editing || !focusAfterEdit.current) return;
    focusElement(
      focusAfterEdit.current === 'heading'
        ? heading.current
        : headerActions.current?.querySelector('button'),
    );
    focusAfterEdit.current = null;
  }, [editing]);
  const closeEditing = (focusOn: 'heading' | 'edit') => {
    focusAfterEdit.current = focusOn;
    setEditing(false);
  };

  useEffect(() => {
    if (participant === null) {
      notify.error('Participant non trouvé');
      navigate(listUrl, { replace: true });
    }
  }, [participant, navigate, listUrl]);

  if (participant === undefined) {
    return (
      <div className="space-y-4">
        {query.error && <h1 className={pageTitle}>Participant</h1>}
        <QueryStatus
          query={query}
          loadingText="Chargement du participant…"
          errorText="Erreur lors du chargement des données"
        />
        {query.error && (
          <Link to={listUrl} className={`block ${linkClass}`}>
            ← Retour à la liste
          </Link>
        )}
      </div>
    );
  }
  if (participant === null) return null;

  const onDelete = () =>
    remove.mutate(participant.id, {
      onSuccess: () => {
        notify.success('Participant supprimé avec succès');
        // The list's entry replaces this one: Back must not lead to a deleted participant.
        navigate(listUrl, { replace: true });
      },
      onError: (e) => {
        notify.error(e.message || 'Erreur lors de la suppression du participant');
        setConfirmOpen(false);
      },
    });

  return (
    <div className="space-y-6">
      <Link to={listUrl} className={linkClass}>
        ← Retour à la liste
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 ref={heading} tabIndex={-1} className={`${pageTitle} focus:outline-none`}>
            {participant.fullName}
          </h1>
          <p className="text-gray-700">
            {CATEGORY_LABELS[participant.category]} ·{' '}
            {PARTICIPATION_TYPE_LABELS[participant.participationType]}
            {participant.participationType === 'team' && participant.teamName
              ? ` · ${participant.teamName}`
              : ''}
          </p>
        </div>
        {canWrite && !editing && (
          <div ref={headerActions} className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => setEditing(true)}>
              Modifier
            </Button>
            <Button
              variant="dangerOutline"
              aria-label={`Supprimer ${participant.fullName}`}
              onClick={() => setConfirmOpen(true)}
            >
              Supprimer
            </Button>
          </div>
        )}
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {canWrite && editing ? (
            <ParticipantEditForm
              participant={participant}
              onCancel={() => closeEditing('edit')}
              onSaved={() => closeEditing('heading')}
            />
          ) : (
            <ParticipantView participant={participant} />
          )}
        </div>
        {canWrite && (
          <ParticipantActions participant={participant} onDelete={() => setConfirmOpen(true)} />
        )}
      </div>

      <DeleteParticipantDialog
        participant={confirmOpen ? participant : null}
        where="detail"
        busy={remove.isPending || remove.isSuccess}
        onConfirm={onDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </div>
  );
}
