import { useEffect, useId, useState } from 'react';
import { Field } from '@/components/ui/Field';
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
import {
  fetchAllReservations,
  listReservations,
  type ReservationFilters,
} from '@/data/list-reservations';
import { getReservationSummary, type ReservationSummary } from '@/data/get-reservation-summary';
import type { AttendanceStatus, HeardFrom } from '@/data/types';
import { useAsyncData } from '../shared/use-async-data';
import { reservationsCsv, reservationsFileName } from '../shared/exports';
import { btnSecondary, card, pageTitle, tableWrap, td, th } from '../shared/ui';

export const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Query = Required<ReservationFilters> & { page: number };
const EMPTY_QUERY: Query = { search: '', status: '', city: '', heardFrom: '', page: 1 };

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
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<Query>(EMPTY_QUERY);
  const [exporting, setExporting] = useState(false);

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
    () => listReservations(filters, page - 1, PAGE_SIZE),
    (e) => notify.error(e.message),
  );
  const summary = useAsyncData('summary', getReservationSummary);

  const setFilter = <K extends 'status' | 'city' | 'heardFrom'>(key: K, value: Query[K]) =>
    setQuery((q) => ({ ...q, [key]: value, page: 1 }));

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const hasFilters = Boolean(searchInput.trim() || query.status || query.city || query.heardFrom);

  const onExport = async () => {
    setExporting(true);
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
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className={pageTitle}>Réservations · {EDITION.nightParty.name}</h1>
          <p className="text-gray-700" aria-live="polite">
            {list.data ? `${total} réservation${total > 1 ? 's' : ''}` : ''}
          </p>
        </div>
        <button
          type="button"
          className={btnSecondary}
          onClick={onExport}
          disabled={list.loading || exporting}
        >
          {exporting ? 'Exportation...' : 'Exporter CSV'}
        </button>
      </div>

      {summary.data && <Summary summary={summary.data} />}

      <form
        role="search"
        aria-label="Rechercher des réservations"
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label="Rechercher" hint="Nom, téléphone ou ville">
          <input
            type="search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </Field>
        <Field label="Statut">
          <select
            value={query.status}
            onChange={(e) => setFilter('status', e.target.value as AttendanceStatus | '')}
          >
            <option value="">Tous les statuts</option>
            {(Object.keys(ATTENDANCE_STATUS_LABELS) as AttendanceStatus[]).map((s) => (
              <option key={s} value={s}>
                {ATTENDANCE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Ville">
          <select value={query.city} onChange={(e) => setFilter('city', e.target.value)}>
            <option value="">Toutes les villes</option>
            {(summary.data?.cities ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Source">
          <select
            value={query.heardFrom}
            onChange={(e) => setFilter('heardFrom', e.target.value as HeardFrom | '')}
          >
            <option value="">Toutes les sources</option>
            {(Object.keys(HEARD_FROM_LABELS) as HeardFrom[]).map((s) => (
              <option key={s} value={s}>
                {HEARD_FROM_LABELS[s]}
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
          Chargement des réservations...
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
                ? 'Aucune réservation ne correspond à votre recherche'
                : 'Aucune réservation pour le moment'}
            </p>
          ) : (
            // A table wider than a phone scrolls: keyboard users must reach it (axe scrollable-region-focusable).
            <div
              className={`${tableWrap} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
              role="region"
              aria-label="Tableau des réservations"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable region
              tabIndex={0}
            >
              <table className="min-w-full divide-y divide-gray-200">
                <caption className="sr-only">Liste des réservations</caption>
                <thead className="bg-gray-50">
                  <tr>
                    <th scope="col" className={th}>
                      Nom
                    </th>
                    <th scope="col" className={th}>
                      Téléphone
                    </th>
                    <th scope="col" className={th}>
                      Ville
                    </th>
                    <th scope="col" className={th}>
                      Statut
                    </th>
                    <th scope="col" className={th}>
                      Source
                    </th>
                    <th scope="col" className={th}>
                      Assistera
                    </th>
                    <th scope="col" className={th}>
                      Date
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
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
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={page}
            total={total}
            pageSize={PAGE_SIZE}
            label="Pagination des réservations"
            onPageChange={(n) => setQuery((q) => ({ ...q, page: n }))}
          />
        </div>
      )}
    </div>
  );
}
