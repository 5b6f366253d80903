import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatEventDateTime } from '@/lib/dates';
import { CATEGORY_LABELS } from '@/config/edition';
import { nightPartyStatsQuery } from '@/data/reservations/queries';
import { participantsListQuery, statsQuery } from '@/data/participants/queries';
import { surgeAlertsQuery } from '@/data/edition/queries';
import type { SurgeAction, SurgeAlert } from '@/data/edition/surge-alerts';
import { formatCount, percent } from '@/lib/numbers';
import { NEWEST_FIRST } from '@/data/shared/query-helpers';
import { participantsCsvExport } from '@/data/participants/participants-csv';
import { runExport } from '../ui/export-file';
import { DataTable } from '../ui/DataTable';
import { ExportButton } from '../ui/ExportButton';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { StatCard } from '../ui/StatCard';
import { buttonClass } from '@/components/ui/Button';
import { card, linkClass, pageTitle, td } from '../ui/classes';
import { useCanWrite } from '../workspace/use-staff-role';
import * as paths from '@/config/route-paths';
import { participantPath } from '@/config/route-paths';

const RECENT_COUNT = 5;
const TOP_REGIONS = 3;

/**
 * Stats (SQL over all rows, the query the stats page and the participants' region filter share),
 * the 5 newest registrations and the Night Party's figures (night_party_stats, shared with the
 * reservations page): three small requests, shown together.
 */
function useDashboard() {
  const stats = useQuery(statsQuery());
  const recent = useQuery(participantsListQuery({}, NEWEST_FIRST, 1, RECENT_COUNT));
  const party = useQuery(nightPartyStatsQuery());
  const data =
    stats.data && recent.data && party.data
      ? { stats: stats.data, recent: recent.data.rows, party: party.data }
      : undefined;
  return {
    data,
    isPending: stats.isPending || recent.isPending || party.isPending,
    isFetching: stats.isFetching || recent.isFetching || party.isFetching,
    error: stats.error ?? recent.error ?? party.error,
    refetch: () => Promise.all([stats.refetch(), recent.refetch(), party.refetch()]),
  };
}

const SURGE_NOUNS: Record<SurgeAction, [one: string, many: string]> = {
  reserve: ['réservation', 'réservations'],
  register: ['inscription', 'inscriptions'],
  contact: ['message', 'messages'],
  wrong_code: ['essai', 'essais'],
};

/** « Afflux inhabituel : 3 400 réservations en 10 minutes » (French counts: 0 and 1 singular). */
function surgeAlertTitle(alert: SurgeAlert): string {
  const [one, many] = SURGE_NOUNS[alert.action];
  const minutes = Math.round(alert.windowSeconds / 60);
  const start = alert.action === 'wrong_code' ? 'Codes de pass inconnus' : 'Afflux inhabituel';
  return (
    `${start} : ${formatCount(alert.peakHits)} ${alert.peakHits < 2 ? one : many} ` +
    `en ${minutes} ${minutes < 2 ? 'minute' : 'minutes'}`
  );
}

/** « Le 26/11/2026 10:10 » or « Du 26/11/2026 10:10 au 26/11/2026 10:40 ». */
function surgeAlertPeriod(alert: SurgeAlert): string {
  const from = formatEventDateTime(alert.startedAt);
  const to = formatEventDateTime(alert.lastSeenAt);
  return from === to ? `Le ${from}` : `Du ${from} au ${to}`;
}

/**
 * Surges of public writes (docs/decisions/016-trusted-address-and-proof-of-work.md): shown only
 * when there is one in the last days, on its own query so that it never holds the dashboard up.
 */
function SurgeAlerts() {
  const { data } = useQuery(surgeAlertsQuery());
  if (!data || data.length === 0) return null;
  return (
    <section
      aria-labelledby="surge-title"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="surge-title" className="text-lg font-semibold text-amber-950">
        Alertes d’affluence
      </h2>
      <ul className="space-y-2">
        {data.map((alert) => (
          <li key={alert.id} className="text-amber-950">
            <p className="font-semibold">{surgeAlertTitle(alert)}</p>
            <p className="text-sm">
              {surgeAlertPeriod(alert)}&nbsp;;{' '}
              {alert.action === 'wrong_code' ? (
                <>
                  les codes inconnus d’une connexion au-delà de sa limite sont refusés (les pass
                  valides s’ouvrent toujours).
                </>
              ) : (
                <>la vérification anti-robot a été durcie (niveau {alert.peakLevel}).</>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DashboardPage() {
  const dashboard = useDashboard();
  const { data } = dashboard;
  const canWrite = useCanWrite();

  return (
    <div className="space-y-6">
      <h1 className={pageTitle}>Tableau de bord</h1>

      <SurgeAlerts />

      <QueryStatus
        query={dashboard}
        loadingText="Chargement des données…"
        errorText="Erreur lors du chargement des données"
      />

      {data && (
        <>
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-[2fr_1fr]">
            <section aria-labelledby="contest-title" className="@container space-y-3">
              <h2 id="contest-title" className="text-lg font-semibold text-gray-900">
                Concours
              </h2>
              <dl className="grid grid-cols-1 gap-4 @md:grid-cols-2 @3xl:grid-cols-4">
                <StatCard label="Total des inscriptions" value={data.stats.totalParticipants} />
                <StatCard label="Danse" value={data.stats.byCategory.dance} />
                <StatCard label="Chant" value={data.stats.byCategory.singing} />
                <StatCard
                  label="Dernière inscription"
                  value={
                    data.stats.lastRegistrationAt
                      ? formatDate(data.stats.lastRegistrationAt)
                      : 'N/A'
                  }
                />
              </dl>
            </section>
            <section aria-labelledby="party-title" className="@container space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h2 id="party-title" className="text-lg font-semibold text-gray-900">
                  Night Party
                </h2>
                <Link to={paths.adminReservations} className={`${linkClass} text-sm`}>
                  Voir les réservations
                </Link>
              </div>
              <dl className="grid grid-cols-1 gap-4 @md:grid-cols-3">
                <StatCard
                  label="Places confirmées"
                  value={formatCount(data.party.confirmed)}
                  detail={`/ ${formatCount(data.party.limit)}`}
                  spoken={`${formatCount(data.party.confirmed)} sur ${formatCount(data.party.limit)} places confirmables.`}
                />
                <StatCard label="Liste d’attente" value={data.party.waitlisted} />
                <StatCard label="Entrées" value={data.party.checkedIn} />
              </dl>
            </section>
          </div>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <section className={card} aria-labelledby="type-title">
              <h2 id="type-title" className="mb-4 text-lg font-semibold text-gray-900">
                Type de participation
              </h2>
              <dl className="grid grid-cols-2 gap-4">
                {(['solo', 'team'] as const).map((t) => {
                  const n = data.stats.byParticipationType[t];
                  return (
                    <div key={t} className="rounded-lg bg-gray-50 p-3">
                      <dt className="text-sm text-gray-600">{t === 'solo' ? 'Solo' : 'Équipe'}</dt>
                      <dd className="text-2xl font-bold text-gray-900">
                        {n}{' '}
                        <span className="text-base font-medium text-gray-700">
                          ({percent(n, data.stats.totalParticipants)}%)
                        </span>
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <h3 id="top-regions-title" className="mt-6 mb-2 font-semibold text-gray-900">
                Les 3 premières régions
              </h3>
              {data.stats.byRegion.length === 0 ? (
                <p className="text-gray-700">Aucune donnée régionale disponible</p>
              ) : (
                <ol className="space-y-1" aria-labelledby="top-regions-title">
                  {data.stats.byRegion.slice(0, TOP_REGIONS).map((r, i) => (
                    <li
                      key={r.region}
                      className="flex justify-between rounded-lg bg-gray-50 px-3 py-2"
                    >
                      <span>
                        {i + 1}. {r.region}
                      </span>
                      <span className="font-semibold">{r.count}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>

            <section className={card} aria-labelledby="actions-title">
              <h2 id="actions-title" className="mb-4 text-lg font-semibold text-gray-900">
                Actions rapides
              </h2>
              <div className="flex flex-col gap-2">
                <Link to={paths.adminParticipants} className={buttonClass({ variant: 'primary' })}>
                  Gérer les participants
                </Link>
                {canWrite && (
                  <ExportButton
                    onExport={() => runExport(participantsCsvExport())}
                    label="Exporter les données (CSV)"
                  />
                )}
                <Link to={paths.adminStats} className={buttonClass({ variant: 'secondary' })}>
                  Voir les statistiques
                </Link>
              </div>
            </section>
          </div>

          <section aria-labelledby="recent-title" className="space-y-3">
            <h2 id="recent-title" className="text-lg font-semibold text-gray-900">
              Inscriptions récentes
            </h2>
            {data.recent.length === 0 ? (
              <EmptyState>Aucune inscription pour le moment</EmptyState>
            ) : (
              <DataTable
                caption="Les 5 dernières inscriptions"
                columns={['Nom', 'Catégorie', 'Date']}
              >
                {data.recent.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={`${td} text-left font-normal`}>
                      <Link to={participantPath(p.id)} className={linkClass}>
                        {p.fullName}
                      </Link>
                    </th>
                    <td className={td}>{CATEGORY_LABELS[p.category]}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {formatEventDateTime(p.createdAt)}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        </>
      )}
    </div>
  );
}
