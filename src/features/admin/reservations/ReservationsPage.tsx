import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '@/components/ui/Pager';
import { notify } from '@/lib/toast';
import { formatDateTime } from '@/lib/dates';
import { CSV_MIME, downloadFile } from '@/lib/csv';
import { EDITION } from '@/config/edition';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import { fetchAllReservations, type ReservationFilters } from '@/data/list-reservations';
import type { ReservationSummary } from '@/data/get-reservation-summary';
import type { AttendanceStatus } from '@/data/types';
import { reservationsListQuery, reservationSummaryQuery } from '../shared/queries';
import { PAGE_SIZES, useListQuery, useStayInRange } from '../shared/use-list-query';
import { reservationsCsv, reservationsFileName } from '../shared/exports';
import { DataTable } from '../shared/DataTable';
import { ExportButton } from '../shared/ExportButton';
import { FilterForm, FilterSelect, labelOptions, PageSizeSelect } from '../shared/FilterForm';
import { ListHeader } from '../shared/ListHeader';
import { ListState } from '../shared/ListState';
import { card, td } from '../shared/ui';

const EMPTY_FILTERS: Required<ReservationFilters> = {
  search: '',
  status: '',
  city: '',
  heardFrom: '',
};

const ALLOWED = {
  status: Object.keys(ATTENDANCE_STATUS_LABELS),
  heardFrom: Object.keys(HEARD_FROM_LABELS),
};

const STATUS_BADGE: Record<AttendanceStatus, string> = {
  yes: 'bg-green-100 text-green-900',
  no: 'bg-red-100 text-red-900',
  maybe: 'bg-yellow-100 text-yellow-900',
};

function SummaryList<K extends string>({
  title,
  counts,
  labels,
}: {
  title: string;
  counts: Record<K, number>;
  labels: Record<K, string>;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-gray-900">
        {title}
      </h3>
      <dl className="space-y-1">
        {(Object.keys(labels) as K[]).map((k) => (
          <div key={k} className="flex justify-between gap-2 rounded bg-gray-50 px-2 py-1 text-sm">
            <dt className="text-gray-700">{labels[k]}</dt>
            <dd className="font-semibold text-gray-900">{counts[k]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Summary({ summary }: { summary: ReservationSummary }) {
  return (
    <section className={card} aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-4 text-lg font-semibold text-gray-900">
        Résumé des {summary.total} réservation{summary.total > 1 ? 's' : ''}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <SummaryList
          title={SURVEY_QUESTIONS.attendanceStatus}
          counts={summary.attendanceStatus}
          labels={ATTENDANCE_STATUS_LABELS}
        />
        <SummaryList
          title={SURVEY_QUESTIONS.heardFrom}
          counts={summary.heardFrom}
          labels={HEARD_FROM_LABELS}
        />
        <SummaryList
          title={SURVEY_QUESTIONS.willAttend}
          counts={summary.willAttend}
          labels={YES_NO_LABELS}
        />
        <SummaryList
          title={SURVEY_QUESTIONS.attendanceBarrier}
          counts={summary.attendanceBarrier}
          labels={ATTENDANCE_BARRIER_LABELS}
        />
        <SummaryList
          title={SURVEY_QUESTIONS.followsBoosterPage}
          counts={summary.followsBoosterPage}
          labels={YES_NO_LABELS}
        />
        <SummaryList
          title={SURVEY_QUESTIONS.consumesBoosterProducts}
          counts={summary.consumesBoosterProducts}
          labels={YES_NO_LABELS}
        />
      </div>
    </section>
  );
}

export default function ReservationsPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED);
  const { page, pageSize, filters, setPage } = query;

  const list = useQuery(reservationsListQuery(filters, page, pageSize));
  const summary = useQuery(reservationSummaryQuery());
  useStayInRange(query, list);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const onExport = async () => {
    try {
      const all = await fetchAllReservations(filters);
      if (all.length === 0) notify.error('Aucune réservation à exporter');
      else {
        downloadFile(reservationsFileName(), reservationsCsv(all), CSV_MIME);
        notify.success('Données exportées avec succès');
      }
    } catch (e) {
      console.error('Reservations export failed', e);
      notify.error("Erreur lors de l'exportation des données");
    }
  };

  return (
    <div className="space-y-6">
      <ListHeader
        title={<>Réservations · {EDITION.nightParty.name}</>}
        summary={list.data ? `${total} réservation${total > 1 ? 's' : ''}` : ''}
      >
        <ExportButton onExport={onExport} disabled={list.isFetching} />
      </ListHeader>

      {summary.data && <Summary summary={summary.data} />}

      <FilterForm
        label="Rechercher des réservations"
        searchHint="Nom, téléphone ou ville"
        searchInput={query.searchInput}
        onSearchInput={query.setSearchInput}
        hasFilters={query.hasFilters}
        onReset={query.reset}
      >
        <FilterSelect
          label="Statut"
          value={filters.status}
          onChange={(v) => query.setFilter('status', v)}
          allLabel="Tous les statuts"
          options={labelOptions(ATTENDANCE_STATUS_LABELS)}
        />
        <FilterSelect
          label="Ville"
          value={filters.city}
          onChange={(v) => query.setFilter('city', v)}
          allLabel="Toutes les villes"
          options={(summary.data?.cities ?? []).map((c) => ({ value: c, label: c }))}
        />
        <FilterSelect
          label="Source"
          value={filters.heardFrom}
          onChange={(v) => query.setFilter('heardFrom', v)}
          allLabel="Toutes les sources"
          options={labelOptions(HEARD_FROM_LABELS)}
        />
        <PageSizeSelect value={pageSize} sizes={PAGE_SIZES} onChange={query.setPageSize} />
      </FilterForm>

      <ListState
        query={list}
        loadingText="Chargement des réservations..."
        empty={rows.length === 0}
        emptyText={
          query.hasFilters
            ? 'Aucune réservation ne correspond à votre recherche'
            : 'Aucune réservation pour le moment'
        }
        footer={
          <Pager
            page={page}
            total={total}
            pageSize={pageSize}
            label="Pagination des réservations"
            onPageChange={setPage}
          />
        }
      >
        <DataTable
          caption="Liste des réservations"
          regionLabel="Tableau des réservations"
          columns={['Nom', 'Téléphone', 'Ville', 'Statut', 'Source', 'Assistera', 'Date']}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <td className={`${td} font-medium text-gray-900`}>{r.fullName}</td>
              <td className={td}>{r.phone}</td>
              <td className={td}>{r.ville}</td>
              <td className={td}>
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[r.attendanceStatus]}`}
                >
                  {ATTENDANCE_STATUS_LABELS[r.attendanceStatus]}
                </span>
              </td>
              <td className={td}>{HEARD_FROM_LABELS[r.heardFrom]}</td>
              <td className={td}>{YES_NO_LABELS[r.willAttend]}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDateTime(r.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </ListState>
    </div>
  );
}
