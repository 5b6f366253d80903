import { useQuery } from '@tanstack/react-query';
import { CATEGORY_LABELS } from '@/config/edition';
import { STATUS_LABELS } from '@/data/participants/status-labels';
import type { ParticipantStatus } from '@/data/participants/types';
import type { CategoryCounts, EditionStats } from '@/data/stats/edition-stats';
import { editionStatsQuery } from '@/data/stats/queries';
import { ROUND_STATE_LABELS } from '@/data/vote/labels';
import type { RoundState } from '@/data/vote/types';
import { formatCount, percent } from '@/lib/numbers';
import { BarChart } from '../ui/charts';
import { DataTable } from '../ui/DataTable';
import { QueryStatus } from '../ui/ListState';
import { StatCard } from '../ui/StatCard';
import { card, td } from '../ui/classes';

/**
 * The edition beyond the registrations, below the specification's statistics (which stay as
 * they are): the contest's pipeline by category, the audition cities, and the Night Party
 * (reservations, entries per hour, the public vote's participation), all counted by the
 * database's edition_stats() (docs/decisions/044-stage-screen-from-the-back.md).
 */

const h2 = 'text-lg font-semibold text-gray-900';
const rowHead = `${td} text-left font-medium text-gray-900`;

/** Danse, Chant and their total, one row of a table. */
function CountCells({ c }: { c: CategoryCounts }) {
  return (
    <>
      <td className={td}>{formatCount(c.dance)}</td>
      <td className={td}>{formatCount(c.singing)}</td>
      <td className={`${td} font-semibold`}>{formatCount(c.dance + c.singing)}</td>
    </>
  );
}

const COUNT_COLUMNS = [CATEGORY_LABELS.dance, CATEGORY_LABELS.singing, 'Total'];

/** "19 h" for '2026-12-20 19:00' (Douala time, as the database gives it). */
const hourLabel = (hour: string) => `${Number(hour.slice(11, 13))} h`;

function Contest({ stats }: { stats: EditionStats }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section className="space-y-3" aria-labelledby="pipeline-title">
        <h2 id="pipeline-title" className={h2}>
          Parcours du concours
        </h2>
        <DataTable
          caption="Participants par statut et par catégorie"
          regionLabel="Tableau du parcours du concours"
          columns={['Statut', ...COUNT_COLUMNS]}
        >
          {stats.pipeline.map((row) => (
            <tr key={row.status}>
              <th scope="row" className={rowHead}>
                {STATUS_LABELS[row.status as ParticipantStatus] ?? row.status}
              </th>
              <CountCells c={row} />
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="space-y-3" aria-labelledby="cities-title">
        <h2 id="cities-title" className={h2}>
          Villes d’audition
        </h2>
        <DataTable
          caption="Participants par ville d’audition et par catégorie"
          regionLabel="Tableau des villes d’audition"
          columns={['Ville', ...COUNT_COLUMNS]}
        >
          {stats.auditionCities.map((row) => (
            <tr key={row.city ?? ''}>
              <th scope="row" className={rowHead}>
                {row.city ?? 'Sans ville d’audition'}
              </th>
              <CountCells c={row} />
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

function NightParty({ party }: { party: EditionStats['nightParty'] }) {
  return (
    <section className="space-y-4" aria-labelledby="party-title">
      <h2 id="party-title" className="text-xl font-bold text-gray-900">
        Booster Night Party
      </h2>
      <dl className="grid grid-cols-1 gap-4 @md:grid-cols-2 @3xl:grid-cols-4">
        <StatCard
          label="Réservations"
          value={formatCount(party.reservations)}
          detail={`(${formatCount(party.limit)} places)`}
        />
        <StatCard label="Confirmées" value={formatCount(party.confirmed)} />
        <StatCard label="Liste d’attente" value={formatCount(party.waitlisted)} />
        <StatCard
          label="Entrées"
          value={formatCount(party.entered)}
          detail={`(${percent(party.entered, party.confirmed)} % des confirmées)`}
        />
      </dl>
      <section className={card} aria-labelledby="hours-title">
        <h3 id="hours-title" className={h2}>
          Entrées par heure
        </h3>
        {party.enteredByHour.length > 0 ? (
          <BarChart
            bars={party.enteredByHour.map((h) => ({ label: hourLabel(h.hour), count: h.count }))}
          />
        ) : (
          <p className="mt-3 text-gray-700">Aucune entrée enregistrée pour le moment</p>
        )}
      </section>
      <section className="space-y-3" aria-labelledby="votes-title">
        <h3 id="votes-title" className={h2}>
          Participation au vote du public
        </h3>
        {party.rounds.length > 0 ? (
          <DataTable
            caption="Votants par manche"
            regionLabel="Tableau de la participation au vote"
            columns={['Manche', 'État', 'Votants', 'Pass pouvant voter', 'Participation']}
          >
            {party.rounds.map((r) => (
              <tr key={`${r.position}-${r.title}`}>
                <th scope="row" className={rowHead}>
                  {r.position}. {r.title}
                </th>
                <td className={td}>{ROUND_STATE_LABELS[r.state as RoundState] ?? r.state}</td>
                <td className={td}>{formatCount(r.voters)}</td>
                <td className={td}>{formatCount(r.eligible)}</td>
                <td className={td}>{percent(r.voters, r.eligible)} %</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-gray-700">Aucune manche ouverte pour le moment</p>
        )}
      </section>
    </section>
  );
}

/** The contest's pipeline and the Night Party, from edition_stats(). */
export function EditionStatsSections() {
  const query = useQuery(editionStatsQuery());
  return (
    <>
      <QueryStatus
        query={query}
        loadingText="Chargement des statistiques de l’édition…"
        errorText="Erreur lors du chargement des statistiques"
      />
      {query.data && (
        <>
          <Contest stats={query.data} />
          <NightParty party={query.data.nightParty} />
        </>
      )}
    </>
  );
}
