import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { pageHeading } from '@/lib/move-focus';
import { formatDateTime } from '@/lib/dates';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { ParticipantFilters } from '@/data/participants/list-participants';
import type { Participant, Stats } from '@/data/participants/types';
import { participantsListQuery, statsQuery } from '@/data/participants/queries';
import { useListQuery } from '../ui/use-list-query';
import { participantsCsvExport } from '@/data/participants/participants-csv';
import { runExport } from '../ui/export-file';
import { ExportButton } from '../ui/ExportButton';
import { labelOptions } from '../ui/FilterForm';
import { Fact, ListCard } from '../ui/ListCards';
import { ListPage } from '../ui/ListPage';
import { EmailText } from '../ui/EmailText';
import { PhoneLinks } from '../ui/PhoneLinks';
import { exportParticipantsXlsx } from './participant-exports';
import { Button, buttonClass } from '@/components/ui/Button';
import { td } from '../ui/classes';
import { fromListState } from './list-location';
import { DeleteParticipantDialog } from './ParticipantActions';
import { useDeleteParticipant } from '@/data/participants/participant-mutations';
import { useCanWrite } from '../workspace/use-staff-role';
import { PIPELINE_ALLOWED, PIPELINE_EMPTY_FILTERS, PIPELINE_SELECTS } from './status-labels';
import { PipelineCell, PipelineFacts, usePipelineList } from './use-pipeline-list';
import { participantPath } from '@/config/route-paths';

const EMPTY_FILTERS: Required<ParticipantFilters> = {
  search: '',
  category: '',
  participationType: '',
  region: '',
  ...PIPELINE_EMPTY_FILTERS,
};

const ALLOWED = {
  category: Object.keys(CATEGORY_LABELS),
  participationType: Object.keys(PARTICIPATION_TYPE_LABELS),
  ...PIPELINE_ALLOWED,
};

/** The region filter's options: the regions present, from the (shared, cached) stats query. */
const regionsOf = (stats: Stats) =>
  stats.byRegion.map((r) => r.region).sort((a, b) => a.localeCompare(b, 'fr'));

/** Sortable columns: the URL's key, the database column and the first click's direction. */
const SORTS = { name: 'asc', region: 'asc', date: 'desc' } as const;
const COLUMN_OF = { name: 'full_name', region: 'region', date: 'created_at' } as const;

type RowProps = {
  participant: Participant;
  /** Null for a reader (lecteur): no deletion. */
  onDelete: ((p: Participant) => void) | null;
  /** The pipeline's checkbox (admins). */
  select?: ReactNode;
};

/** "Voir" and "Supprimer", each naming the participant (table row and card alike). */
function RowActions({ participant: p, onDelete }: RowProps) {
  const { search } = useLocation();
  return (
    <>
      <Link
        to={participantPath(p.id)}
        state={fromListState(search)}
        className={buttonClass({ variant: 'secondary' })}
        aria-label={`Voir ${p.fullName}`}
      >
        Voir
      </Link>
      {onDelete && (
        <Button
          variant="dangerOutline"
          aria-label={`Supprimer ${p.fullName}`}
          onClick={() => onDelete(p)}
        >
          Supprimer
        </Button>
      )}
    </>
  );
}

const teamOf = (p: Participant) => (p.participationType === 'team' ? p.teamName : '');

function ParticipantRow({ participant: p, onDelete, select }: RowProps) {
  return (
    <tr>
      {select}
      <td className={td}>
        <span className="font-medium text-gray-900">{p.fullName}</span>
        {teamOf(p) && <span className="block text-gray-600">Équipe : {p.teamName}</span>}
      </td>
      <td className={td}>
        <span className="block break-words">
          <EmailText email={p.email} />
        </span>
        <PhoneLinks phone={p.phone} name={p.fullName} />
      </td>
      <td className={td}>{CATEGORY_LABELS[p.category]}</td>
      <td className={td}>{PARTICIPATION_TYPE_LABELS[p.participationType]}</td>
      <td className={td}>{p.region}</td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(p.createdAt)}</td>
      <PipelineCell participant={p} />
      <td className={td}>
        <div className="flex gap-2">
          <RowActions participant={p} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}

function ParticipantCard({ participant: p, onDelete, select }: RowProps) {
  const actions = (
    <>
      {select}
      <RowActions participant={p} onDelete={onDelete} />
    </>
  );
  return (
    <ListCard title={p.fullName} actions={actions}>
      <PipelineFacts participant={p} />
      <Fact term="Équipe">{teamOf(p)}</Fact>
      <Fact term="Téléphone">
        <PhoneLinks phone={p.phone} name={p.fullName} />
      </Fact>
      <Fact term="E-mail">
        <span className="break-all">{p.email}</span>
      </Fact>
      <Fact term="Catégorie">
        {CATEGORY_LABELS[p.category]} · {PARTICIPATION_TYPE_LABELS[p.participationType]}
      </Fact>
      <Fact term="Région">{p.region}</Fact>
      <Fact term="Inscrit le">{formatDateTime(p.createdAt)}</Fact>
    </ListCard>
  );
}

export default function ParticipantsPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED, SORTS);
  const { filters, sort } = query;
  const [toDelete, setToDelete] = useState<Participant | null>(null);
  const remove = useDeleteParticipant();
  // Once deleted, the row (and the button that opened the dialog) goes: the focus goes to the
  // list's heading instead (issue 15).
  const deleted = useRef(false);

  const order = { column: COLUMN_OF[sort.key], ascending: sort.ascending };
  const list = useQuery(participantsListQuery(filters, order, query.page, query.pageSize));
  const { data: regions = [] } = useQuery({ ...statsQuery(), select: regionsOf });
  const total = list.data?.total ?? 0;
  const rows = list.data?.rows ?? [];
  const canWrite = useCanWrite();
  const pipeline = usePipelineList(rows);
  const onDelete = canWrite
    ? (p: Participant) => {
        deleted.current = false;
        setToDelete(p);
      }
    : null;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success('Participant supprimé avec succès');
        deleted.current = true;
        setToDelete(null);
      },
      onError: (e) => notify.error(e.message || 'Erreur lors de la suppression du participant'),
    });
  };

  return (
    <>
      <ListPage
        title="Participants"
        noun={['participant', 'participants']}
        actions={
          canWrite && (
            // Not disabled while the list refetches (after a search, a deletion): a focused
            // button that turns disabled drops the focus to <body> (issue 15). The export asks
            // for the rows of the current filters itself.
            <div className="flex flex-wrap gap-2">
              <ExportButton
                onExport={() => runExport(participantsCsvExport(filters))}
                disabled={total === 0}
              />
              <ExportButton
                label="Exporter pour Excel"
                onExport={() => exportParticipantsXlsx(filters, order)}
                disabled={total === 0}
              />
            </div>
          )
        }
        intro={pipeline.toolbar}
        query={query}
        search={{
          label: 'Rechercher des participants',
          // A reader's search looks only at what the masked list shows (ADR 022).
          hint: canWrite
            ? 'Nom, équipe, e-mail, téléphone ou référence'
            : 'Nom, équipe ou référence (pas les coordonnées masquées)',
        }}
        selects={[
          {
            key: 'category',
            label: 'Catégorie',
            allLabel: 'Toutes les catégories',
            options: labelOptions(CATEGORY_LABELS),
          },
          {
            key: 'participationType',
            label: 'Type de participation',
            allLabel: 'Tous les types',
            options: labelOptions(PARTICIPATION_TYPE_LABELS),
          },
          {
            key: 'region',
            label: 'Région',
            allLabel: 'Toutes les régions',
            options: regions.map((r) => ({ value: r, label: r })),
          },
          ...PIPELINE_SELECTS,
        ]}
        list={list}
        loadingText="Chargement des participants…"
        emptyText={{
          filtered: 'Aucun participant ne correspond à votre recherche',
          none: 'Aucune inscription pour le moment',
        }}
        table={{
          caption: 'Liste des participants',
          regionLabel: 'Tableau des participants',
          columns: [
            ...pipeline.columns,
            { label: 'Nom', sortKey: 'name' },
            'Contact',
            'Catégorie',
            'Type',
            { label: 'Région', sortKey: 'region' },
            { label: 'Date', sortKey: 'date' },
            'Statut',
            'Actions',
          ],
        }}
        pagerLabel="Pagination des participants"
        cards={rows.map((p) => (
          <ParticipantCard
            key={p.id}
            participant={p}
            onDelete={onDelete}
            select={pipeline.cardCheckbox(p)}
          />
        ))}
      >
        {rows.map((p) => (
          <ParticipantRow
            key={p.id}
            participant={p}
            onDelete={onDelete}
            select={pipeline.cell(p)}
          />
        ))}
      </ListPage>

      <DeleteParticipantDialog
        participant={toDelete}
        where="list"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        returnFocus={() => (deleted.current ? pageHeading() : null)}
      />
    </>
  );
}
