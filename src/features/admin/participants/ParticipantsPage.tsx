import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { pageHeading } from '@/lib/move-focus';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { ParticipantFilters } from '@/data/participants/list-participants';
import type { Participant, Stats } from '@/data/participants/types';
import { participantsListQuery, statsQuery } from '@/data/participants/queries';
import { useListQuery } from '../ui/use-list-query';
import { participantsCsvExport } from '@/data/participants/participants-csv';
import { runExport } from '../ui/export-file';
import { ExportButton } from '../ui/ExportButton';
import { labelOptions } from '../ui/FilterForm';
import { ListPage } from '../ui/ListPage';
import { exportParticipantsXlsx } from './participant-exports';
import { DeleteParticipantDialog } from './ParticipantActions';
import { useDeleteParticipant } from '@/data/participants/participant-mutations';
import { useCanWrite } from '../workspace/use-staff-role';
import { PIPELINE_ALLOWED, PIPELINE_EMPTY_FILTERS, PIPELINE_SELECTS } from './status-labels';
import { usePipelineList } from './use-pipeline-list';
import { ParticipantCard, ParticipantRow } from './participant-rows';

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
            { label: 'Région', sortKey: 'region' },
            { label: 'Date', sortKey: 'date' },
            'Statut',
            'Actions',
          ],
        }}
        pagerLabel="Pagination des participants"
        foldFilters
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
