import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { auditionRankingQuery, auditionSessionsQuery } from '@/data/auditions/queries';
import {
  AUDITION_CATEGORIES,
  type AuditionCategory,
  type PreselectStatus,
} from '@/data/auditions/types';
import { DataTable } from '../ui/DataTable';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { card, linkClass, pageTitle, td } from '../ui/classes';
import {
  categoryLabel,
  incompleteText,
  rankText,
  scoreText,
  sessionDay,
  zText,
} from './audition-labels';
import { rankingPath, resultsPath, sessionsPath } from './audition-paths';
import { PreselectDialog } from './PreselectDialog';
import { PreselectActions, unreadySessions } from './PreselectActions';
import { StatusPill } from './ResultsTable';
import { NORMALISED_EXPLANATION } from '@/data/auditions/labels';

/**
 * A category's ranking across every city (`?classement=`), on normalised scores: each judge's
 * severity is taken out within their session, so performers of different cities and judges
 * compare; the raw rank beside it, incomplete performers last. Admins preselect from it once
 * every session of the category is locked and complete
 * (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
export function CityRankingView({
  category,
  canWrite,
}: {
  category: AuditionCategory;
  canWrite: boolean;
}) {
  const ranking = useQuery(auditionRankingQuery(category));
  const sessions = useQuery({ ...auditionSessionsQuery(), enabled: canWrite });
  const [picking, setPicking] = useState<PreselectStatus | null>(null);
  const rows = ranking.data ?? [];
  const label = categoryLabel(category);
  return (
    <div className="space-y-6">
      <Link to={sessionsPath} className={linkClass}>
        ← Retour aux sessions
      </Link>
      <h1 className={pageTitle}>Classement entre villes — {label}</h1>
      <nav aria-label="Catégorie du classement" className="flex flex-wrap gap-4">
        {AUDITION_CATEGORIES.map((c) => (
          <Link
            key={c}
            to={rankingPath(c)}
            aria-current={c === category ? 'page' : undefined}
            className={`${linkClass} aria-[current=page]:font-bold aria-[current=page]:underline`}
          >
            {categoryLabel(c)}
          </Link>
        ))}
      </nav>
      <p className={`${card} text-gray-800`}>{NORMALISED_EXPLANATION}</p>
      <QueryStatus query={ranking} loadingText="Chargement du classement…" />
      {ranking.data && rows.length === 0 && (
        <EmptyState>Aucun candidat noté dans cette catégorie pour le moment</EmptyState>
      )}
      {rows.length > 0 && (
        <DataTable
          caption={`Classement entre villes ${label}`}
          regionLabel={`Classement entre villes ${label}`}
          columns={[
            'Rang',
            'Candidat',
            'Ville',
            'Note normalisée',
            'Note brute /10',
            'Rang brut',
            'Statut',
          ]}
        >
          {rows.map((r) => (
            <tr key={r.participantId}>
              <td className={`${td} font-semibold whitespace-nowrap`}>
                {rankText(r.rank, r.tied)}
              </td>
              <td className={td}>
                <p className="font-medium text-gray-900">{r.name}</p>
                {r.incomplete && <p className="text-xs text-gray-800">{incompleteText(r)}</p>}
              </td>
              <td className={td}>
                <Link to={resultsPath(r.sessionId)} className={linkClass}>
                  {r.city}
                  <span className="block text-xs font-normal">{sessionDay(r.heldOn)}</span>
                </Link>
              </td>
              <td className={`${td} font-semibold whitespace-nowrap tabular-nums`}>
                {zText(r.normalised)}
              </td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{scoreText(r.raw)}</td>
              <td className={`${td} whitespace-nowrap`}>{rankText(r.rankRaw, false)}</td>
              <td className={td}>
                <StatusPill status={r.status} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {canWrite && rows.length > 0 && sessions.data && (
        <PreselectActions
          category={category}
          blockers={unreadySessions(sessions.data, category)}
          onPick={setPicking}
        />
      )}
      {picking && (
        <PreselectDialog
          category={category}
          status={picking}
          ranked={rows}
          onClose={() => setPicking(null)}
        />
      )}
    </div>
  );
}
