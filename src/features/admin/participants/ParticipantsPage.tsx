import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { ParticipantFilters } from '@/data/list-participants';
import type { Participant, Stats } from '@/data/types';
import { participantsListQuery, statsQuery } from '../shared/queries';
import { useListQuery } from '../shared/use-list-query';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { exportParticipantsCsv } from '../shared/export-participants';
import { ExportButton } from '../shared/ExportButton';
import { labelOptions } from '../shared/FilterForm';
import { ListPage } from '../shared/ListPage';
import { Button, buttonClass } from '@/components/ui/Button';
import { td } from '../shared/ui';
import { fromListState } from './list-location';
import { useDeleteParticipant } from './participant-mutations';

const EMPTY_FILTERS: Required<ParticipantFilters> = {
  search: '',
  category: '',
  participationType: '',
  region: '',
};

const ALLOWED = {
  category: Object.keys(CATEGORY_LABELS),
  participationType: Object.keys(PARTICIPATION_TYPE_LABELS),
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
  const { search: listSearch } = useLocation();
  const [toDelete, setToDelete] = useState<Participant | null>(null);
  const remove = useDeleteParticipant();

  const order = { column: COLUMN_OF[sort.key], ascending: sort.ascending };
  const list = useQuery(participantsListQuery(filters, order, query.page, query.pageSize));
  const { data: regions = [] } = useQuery({ ...statsQuery(), select: regionsOf });
  const total = list.data?.total ?? 0;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success('Participant supprimé avec succès');
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
          <ExportButton
            onExport={() => exportParticipantsCsv(filters)}
            disabled={list.isFetching || total === 0}
          />
        }
        query={query}
        search={{ label: 'Rechercher des participants', hint: 'Nom, email ou téléphone' }}
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
        ]}
        list={list}
        loadingText="Chargement des participants..."
        emptyText={{
          filtered: 'Aucun participant ne correspond à votre recherche',
          none: 'Aucune inscription pour le moment',
        }}
        table={{
          caption: 'Liste des participants',
          regionLabel: 'Tableau des participants',
          columns: [
            { label: 'Nom', sortKey: 'name' },
            'Contact',
            'Catégorie',
            'Type',
            { label: 'Région', sortKey: 'region' },
            { label: 'Date', sortKey: 'date' },
            'Actions',
          ],
        }}
        pagerLabel="Pagination des participants"
      >
        {(list.data?.rows ?? []).map((p) => (
          <tr key={p.id}>
            <td className={td}>
              <span className="font-medium text-gray-900">{p.fullName}</span>
              {p.participationType === 'team' && p.teamName && (
                <span className="block text-gray-600">Équipe : {p.teamName}</span>
              )}
            </td>
            <td className={td}>
              <span className="block break-all">{p.email}</span>
              <span className="block text-gray-600">{p.phone}</span>
            </td>
            <td className={td}>{CATEGORY_LABELS[p.category]}</td>
            <td className={td}>{PARTICIPATION_TYPE_LABELS[p.participationType]}</td>
            <td className={td}>{p.region}</td>
            <td className={`${td} whitespace-nowrap`}>{formatDateTime(p.createdAt)}</td>
            <td className={td}>
              <div className="flex gap-2">
                <Link
                  to={`/admin/participants/${p.id}`}
                  state={fromListState(listSearch)}
                  className={buttonClass({ variant: 'secondary' })}
                  aria-label={`Voir ${p.fullName}`}
                >
                  Voir
                </Link>
                <Button
                  variant="dangerOutline"
                  aria-label={`Supprimer ${p.fullName}`}
                  onClick={() => setToDelete(p)}
                >
                  Supprimer
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </ListPage>

      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer le participant"
        message="Êtes-vous sûr de vouloir supprimer ce participant ?"
        confirmLabel="Supprimer"
        busy={remove.isPending}
        busyLabel="Suppression..."
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
