import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/Field';
import { Pager } from '@/components/ui/Pager';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { listParticipants, type ParticipantFilters } from '@/data/list-participants';
import { getParticipantStats } from '@/data/get-participant-stats';
import { deleteParticipant } from '@/data/delete-participant';
import type { Category, Participant, ParticipationType } from '@/data/types';
import { useAsyncData } from '../shared/use-async-data';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { exportParticipantsCsv } from '../shared/export-participants';
import { btnDangerOutline, btnSecondary, pageTitle, tableWrap, td, th } from '../shared/ui';

export const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Query = {
  search: string;
  category: Category | '';
  participationType: ParticipationType | '';
  region: string;
  page: number;
};

const EMPTY_QUERY: Query = { search: '', category: '', participationType: '', region: '', page: 1 };

export default function ParticipantsPage() {
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<Query>(EMPTY_QUERY);
  const [toDelete, setToDelete] = useState<Participant | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The search is applied once typing pauses; any change of search or filter goes back to page 1.
  useEffect(() => {
    const t = setTimeout(() => {
      const search = searchInput.trim();
      setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [searchInput]);

  const { page, ...filters } = query;
  const list = useAsyncData(
    JSON.stringify(query),
    () => listParticipants(filters satisfies ParticipantFilters, page - 1, PAGE_SIZE),
    (e) => notify.error(e.message),
  );
  const stats = useAsyncData('regions', getParticipantStats);
  const regions = (stats.data?.byRegion ?? [])
    .map((r) => r.region)
    .sort((a, b) => a.localeCompare(b, 'fr'));

  const setFilter = <K extends keyof Omit<Query, 'page' | 'search'>>(key: K, value: Query[K]) =>
    setQuery((q) => ({ ...q, [key]: value, page: 1 }));

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const hasFilters = Boolean(
    searchInput.trim() || query.category || query.participationType || query.region,
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteParticipant(toDelete.id);
      notify.success('Participant supprimé avec succès');
      setToDelete(null);
      // The last row of the last page: show the page before.
      if (rows.length === 1 && page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
      else list.reload();
      stats.reload();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Erreur lors de la suppression du participant');
    } finally {
      setDeleting(false);
    }
  };

  const onExport = async () => {
    setExporting(true);
    await exportParticipantsCsv(filters);
    setExporting(false);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className={pageTitle}>Participants</h1>
          <p className="text-gray-700" aria-live="polite">
            {list.data ? `${total} participant${total > 1 ? 's' : ''}` : ''}
          </p>
        </div>
        <button
          type="button"
          className={btnSecondary}
          onClick={onExport}
          disabled={list.loading || exporting || total === 0}
        >
          {exporting ? 'Exportation...' : 'Exporter CSV'}
        </button>
      </div>

      <form
        role="search"
        aria-label="Rechercher des participants"
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label="Rechercher" hint="Nom, email ou téléphone">
          <input
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </Field>
        <Field label="Catégorie">
          <select
            value={query.category}
            onChange={(e) => setFilter('category', e.target.value as Query['category'])}
          >
            <option value="">Toutes les catégories</option>
            <option value="dance">{CATEGORY_LABELS.dance}</option>
            <option value="singing">{CATEGORY_LABELS.singing}</option>
          </select>
        </Field>
        <Field label="Type de participation">
          <select
            value={query.participationType}
            onChange={(e) =>
              setFilter('participationType', e.target.value as Query['participationType'])
            }
          >
            <option value="">Tous les types</option>
            <option value="solo">{PARTICIPATION_TYPE_LABELS.solo}</option>
            <option value="team">{PARTICIPATION_TYPE_LABELS.team}</option>
          </select>
        </Field>
        <Field label="Région">
          <select value={query.region} onChange={(e) => setFilter('region', e.target.value)}>
            <option value="">Toutes les régions</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        {hasFilters && (
          <div className="sm:col-span-2 lg:col-span-4">
            <button
              type="button"
              className={btnSecondary}
              onClick={() => {
                setSearchInput('');
                setQuery(EMPTY_QUERY);
              }}
            >
              Réinitialiser les filtres
            </button>
          </div>
        )}
      </form>

      {list.loading && !list.data && (
        <p role="status" className="text-gray-700">
          Chargement des participants...
        </p>
      )}
      {list.error && !list.data && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {list.error.message}
          <button type="button" className={`${btnSecondary} ml-3`} onClick={list.reload}>
            Réessayer
          </button>
        </p>
      )}

      {list.data && (
        <div aria-busy={list.loading}>
          {rows.length === 0 ? (
            <p className="rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-700">
              {hasFilters
                ? 'Aucun participant ne correspond à votre recherche'
                : 'Aucune inscription pour le moment'}
            </p>
          ) : (
            <div className={tableWrap}>
              <table className="min-w-full divide-y divide-gray-200">
                <caption className="sr-only">Liste des participants</caption>
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className={th}>
                      Nom
                    </th>
                    <th scope="col" className={th}>
                      Contact
                    </th>
                    <th scope="col" className={th}>
                      Catégorie
                    </th>
                    <th scope="col" className={th}>
                      Type
                    </th>
                    <th scope="col" className={th}>
                      Région
                    </th>
                    <th scope="col" className={th}>
                      Date
                    </th>
                    <th scope="col" className={th}>
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
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
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={page}
            total={total}
            pageSize={PAGE_SIZE}
            label="Pagination des participants"
            onPageChange={(n) => setQuery((q) => ({ ...q, page: n }))}
          />
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Supprimer le participant"
        message="Êtes-vous sûr de vouloir supprimer ce participant ?"
        confirmLabel="Supprimer"
        busy={deleting}
        busyLabel="Suppression..."
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
