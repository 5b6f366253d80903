import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { CSV_MIME, downloadFile } from '@/lib/csv';
import { logExport } from '@/data/journal/audit';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import { CATEGORIES, type DayCount } from '@/data/participants/types';
import { statsQuery } from '@/data/participants/queries';
import { BarChart } from '../ui/charts';
import { percent } from '@/lib/numbers';
import { REGION_CSV_FILE, regionsCsv } from './regions-csv';
import { EditionStatsSections } from './EditionStats';
import { exportSponsorReport } from './sponsor-report-export';
import { DataTable } from '../ui/DataTable';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { StatCard } from '../ui/StatCard';
import { Button } from '@/components/ui/Button';
import { card, pageTitle, td } from '../ui/classes';

const dayLabel = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
  }).format(new Date(y, m - 1, d));
};

const hasTrend = (days: DayCount[]) => days.some((d) => d.count > 0);

export default function StatsPage() {
  const query = useQuery(statsQuery());
  const narrow = useNarrowScreen();
  const stats = query.data;
  const [reporting, setReporting] = useState(false);
  const onSponsorReport = () => {
    setReporting(true);
    void exportSponsorReport().finally(() => setReporting(false));
  };

  const onExportRegions = () => {
    if (!stats) return;
    try {
      downloadFile(REGION_CSV_FILE, regionsCsv(stats.byRegion, stats.totalParticipants), CSV_MIME);
      void logExport('distribution_regionale', {}, stats.byRegion.length);
      notify.success('Données exportées avec succès');
    } catch {
      notify.error("Erreur lors de l'exportation des données");
    }
  };

  return (
    // A container: the figures take 2 then 4 columns as its width allows, in rem, so they stay
    // readable with text at 200 % (a media query would count the window, not the text).
    <div className="@container space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={`${pageTitle} min-w-0 wrap-anywhere`}>Statistiques</h1>
        {/* The sponsor's workbook: every figure of this page and what it adds (ADR 053). */}
        <Button variant="secondary" onClick={onSponsorReport} disabled={reporting}>
          {reporting ? 'Préparation du rapport…' : 'Exporter le rapport pour le sponsor (Excel)'}
        </Button>
      </div>

      <QueryStatus
        query={query}
        loadingText="Chargement des statistiques…"
        errorText="Aucune statistique disponible"
      />

      {stats && (
        <>
          <dl className="grid grid-cols-1 gap-4 @md:grid-cols-2 @3xl:grid-cols-4">
            <StatCard label="Total des inscriptions" value={stats.totalParticipants} />
            <StatCard
              label="Danse"
              value={stats.byCategory.dance}
              detail={`(${percent(stats.byCategory.dance, stats.totalParticipants)}% du total)`}
            />
            <StatCard
              label="Chant"
              value={stats.byCategory.singing}
              detail={`(${percent(stats.byCategory.singing, stats.totalParticipants)}% du total)`}
            />
            <StatCard label="Régions représentées" value={stats.byRegion.length} />
          </dl>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <section className={card} aria-labelledby="cat-title">
              <h2 id="cat-title" className="text-lg font-semibold text-gray-900">
                Répartition par catégorie
              </h2>
              <BarChart
                bars={CATEGORIES.map((c) => ({
                  label: CATEGORY_LABELS[c],
                  count: stats.byCategory[c],
                  detail: `${percent(stats.byCategory[c], stats.totalParticipants)}%`,
                }))}
              />
            </section>
            <section className={card} aria-labelledby="type-title">
              <h2 id="type-title" className="text-lg font-semibold text-gray-900">
                Répartition par type de participation
              </h2>
              <BarChart
                colour="bg-accent-500"
                bars={(['solo', 'team'] as const).map((t) => ({
                  label: PARTICIPATION_TYPE_LABELS[t],
                  count: stats.byParticipationType[t],
                  detail: `${percent(stats.byParticipationType[t], stats.totalParticipants)}%`,
                }))}
              />
            </section>
          </div>

          <section className={card} aria-labelledby="trend-title">
            <h2 id="trend-title" className="text-lg font-semibold text-gray-900">
              Tendance des 7 derniers jours
            </h2>
            {hasTrend(stats.last7Days) ? (
              <BarChart
                bars={stats.last7Days.map((d) => ({ label: dayLabel(d.day), count: d.count }))}
              />
            ) : (
              <p className="mt-3 text-gray-700">Pas assez de données pour afficher la tendance</p>
            )}
          </section>

          <section className="space-y-3" aria-labelledby="region-title">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="region-title" className="text-lg font-semibold text-gray-900">
                Répartition par région
              </h2>
              <Button
                variant="secondary"
                onClick={onExportRegions}
                disabled={stats.byRegion.length === 0}
              >
                Exporter
              </Button>
            </div>
            {stats.byRegion.length === 0 ? (
              <EmptyState>Aucune donnée régionale disponible</EmptyState>
            ) : (
              <DataTable
                caption="Répartition des participants par région"
                regionLabel="Tableau des régions"
                columns={[
                  'Région',
                  'Participants',
                  'Pourcentage',
                  // The bar (decoration) leaves room on a phone (issue 40: 350 px in 326).
                  ...(narrow
                    ? []
                    : [{ label: <span className="sr-only">Proportion</span>, className: 'w-1/3' }]),
                ]}
              >
                {stats.byRegion.map((r) => {
                  const pct = percent(r.count, stats.totalParticipants);
                  return (
                    <tr key={r.region}>
                      <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
                        {r.region}
                      </th>
                      <td className={td}>{r.count}</td>
                      <td className={td}>{pct} %</td>
                      {!narrow && (
                        <td className={td}>
                          <span
                            className="block h-3 w-full rounded-full bg-gray-100"
                            aria-hidden="true"
                          >
                            <span
                              className="block h-3 rounded-full bg-brand-600"
                              style={{ width: `${pct}%` }}
                            />
                          </span>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </section>
        </>
      )}
      <EditionStatsSections />
    </div>
  );
}
