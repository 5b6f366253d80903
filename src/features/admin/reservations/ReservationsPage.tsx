import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import { useListQuery } from '../shared/use-list-query';
import { reservationsCsv, reservationsFileName } from '../shared/exports';
import { ExportButton } from '../shared/ExportButton';
import { labelOptions } from '../shared/FilterForm';
import { ListPage } from '../shared/ListPage';
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

/** Sortable columns: the URL's key, the database column and the first click's direction. */
const SORTS = { name: 'asc', city: 'asc', date: 'desc' } as const;
const COLUMN_OF = { name: 'full_name', city: 'ville', date: 'created_at' } as const;

export default function ReservationsPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED, SORTS);
  const { filters, sort } = query;
  const order = { column: COLUMN_OF[sort.key], ascending: sort.ascending };
  const list = useQuery(reservationsListQuery(filters, order, query.page, query.pageSize));
  const summary = useQuery(reservationSummaryQuery());

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
    <ListPage
      title={<>Réservations · {EDITION.nightParty.name}</>}
      noun={['réservation', 'réservations']}
      actions={<ExportButton onExport={onExport} disabled={list.isFetching} />}
      intro={summary.data && <Summary summary={summary.data} />}
      query={query}
      search={{ label: 'Rechercher des réservations', hint: 'Nom, téléphone ou ville' }}
      selects={[
        {
          key: 'status',
          label: 'Statut',
          allLabel: 'Tous les statuts',
          options: labelOptions(ATTENDANCE_STATUS_LABELS),
        },
        {
          key: 'city',
          label: 'Ville',
          allLabel: 'Toutes les villes',
          options: (summary.data?.cities ?? []).map((c) => ({ value: c, label: c })),
        },
        {
          key: 'heardFrom',
          label: 'Source',
          allLabel: 'Toutes les sources',
          options: labelOptions(HEARD_FROM_LABELS),
        },
      ]}
      list={list}
      loadingText="Chargement des réservations..."
      emptyText={{
        filtered: 'Aucune réservation ne correspond à votre recherche',
        none: 'Aucune réservation pour le moment',
      }}
      table={{
        caption: 'Liste des réservations',
        regionLabel: 'Tableau des réservations',
        columns: [
          { label: 'Nom', sortKey: 'name' },
          'Téléphone',
          { label: 'Ville', sortKey: 'city' },
          'Statut',
          'Source',
          'Assistera',
          { label: 'Date', sortKey: 'date' },
        ],
      }}
      pagerLabel="Pagination des réservations"
    >
      {(list.data?.rows ?? []).map((r) => (
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
    </ListPage>
  );
}
