import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '@/components/ui/Pager';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { ParticipantFilters } from '@/data/list-participants';
import type { Participant, Stats } from '@/data/types';
import { participantsListQuery, statsQuery } from '../shared/queries';
import { PAGE_SIZES, useListQuery, useStayInRange } from '../shared/use-list-query';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { exportParticipantsCsv } from '../shared/export-participants';
import { DataTable } from '../shared/DataTable';
import { ExportButton } from '../shared/ExportButton';
import { FilterForm, FilterSelect, labelOptions, PageSizeSelect } from '../shared/FilterForm';
import { ListHeader } from '../shared/ListHeader';
import { ListState } from '../shared/ListState';
import { btnDangerOutline, btnSecondary, td } from '../shared/ui';
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

export default function ParticipantsPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED);
  const { page, pageSize, filters, setPage } = query;
  const { search: listSearch } = useLocation();
  const [toDelete, setToDelete] = useState<Participant | null>(null);
  const remove = useDeleteParticipant();

  const list = useQuery(participantsListQuery(filters, page, pageSize));
  const { data: regions = [] } = useQuery({ ...statsQuery(), select: regionsOf });

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  useStayInRange(query, list);

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
    <div className="space-y-6">
      <ListHeader
        title="Participants"
        summary={list.data ? `${total} participant${total > 1 ? 's' : ''}` : ''}
      >
        <ExportButton
          onExport={() => exportParticipantsCsv(filters)}
          disabled={list.isFetching || total === 0}
        />
      </ListHeader>

      <FilterForm
        label="Rechercher des participants"
        searchHint="Nom, email ou téléphone"
        searchInput={query.searchInput}
        onSearchInput={query.setSearchInput}
        hasFilters={query.hasFilters}
        onReset={query.reset}
      >
        <FilterSelect
          label="Catégorie"
          value={filters.category}
          onChange={(v) => query.setFilter('category', v)}
          allLabel="Toutes les catégories"
          options={labelOptions(CATEGORY_LABELS)}
        />
        <FilterSelect
          label="Type de participation"
          value={filters.participationType}
          onChange={(v) => query.setFilter('participationType', v)}
          allLabel="Tous les types"
          options={labelOptions(PARTICIPATION_TYPE_LABELS)}
        />
        <FilterSelect
          label="Région"
          value={filters.region}
          onChange={(v) => query.setFilter('region', v)}
          allLabel="Toutes les régions"
          options={regions.map((r) => ({ value: r, label: r }))}
        />
        <PageSizeSelect value={pageSize} sizes={PAGE_SIZES} onChange={query.setPageSize} />
      </FilterForm>

      <ListState
        query={list}
        loadingText="Chargement des participants..."
        empty={rows.length === 0}
        emptyText={
          query.hasFilters
            ? 'Aucun participant ne correspond à votre recherche'
            : 'Aucune inscription pour le moment'
        }
        footer={
          <Pager
            page={page}
            total={total}
            pageSize={pageSize}
            label="Pagination des participants"
            onPageChange={setPage}
          />
        }
      >
        <DataTable
          caption="Liste des participants"
          regionLabel="Tableau des participants"
          columns={['Nom', 'Contact', 'Catégorie', 'Type', 'Région', 'Date', 'Actions']}
        >
          {rows.map((p) => (
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
                    className={btnSecondary}
                    aria-label={`Voir ${p.fullName}`}
                  >
                    Voir
                  </Link>
                  <button
                    type="button"
                    className={btnDangerOutline}
                    aria-label={`Supprimer ${p.fullName}`}
                    onClick={() => setToDelete(p)}
                  >
                    Supprimer
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListState>

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
    </div>
  );
}
