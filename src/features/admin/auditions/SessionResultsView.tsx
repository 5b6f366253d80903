import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { auditionResultsQuery } from '@/data/auditions/queries';
import type { ResultCategory, PreselectStatus } from '@/data/auditions/types';
import { QueryStatus } from '../ui/ListState';
import { card, linkClass, pageTitle } from '../ui/classes';
import {
  categoryLabel,
  SESSION_STATE_LABELS,
  SESSION_STATE_LOOK,
  sessionName,
} from './audition-labels';
import { sessionsPath } from './audition-paths';
import { PreselectDialog } from './PreselectDialog';
import { PreselectActions, unreadySession } from './PreselectActions';
import { ResultsTable } from './ResultsTable';
import { ResultCards } from './ResultCards';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { NORMALISED_EXPLANATION } from '@/data/auditions/labels';

type Picking = { category: ResultCategory; status: PreselectStatus } | null;

/** "2 candidats · 1 absent": a category's counts above its table. */
function counts(results: ResultCategory) {
  const absent = results.rows.filter((r) => r.absent).length;
  const n = results.rows.length;
  return `${n} candidat${n > 1 ? 's' : ''}${absent ? ` · ${absent} absent${absent > 1 ? 's' : ''}` : ''}`;
}

/**
 * A session's results (`?session=`): per category, the ranking on normalised scores beside the
 * raw mean and rank, every judge's scores, ties, absences and incomplete performers; admins
 * preselect from a locked, complete session (docs/decisions/040-ranking-floor-and-complete-first.md).
 */
export function SessionResultsView({
  sessionId,
  canWrite,
}: {
  sessionId: string;
  canWrite: boolean;
}) {
  const results = useQuery(auditionResultsQuery(sessionId));
  const narrow = useNarrowScreen();
  const [picking, setPicking] = useState<Picking>(null);
  const data = results.data;
  const locked = data?.session.state === 'locked';
  return (
    <div className="space-y-6">
      <Link to={sessionsPath} className={linkClass}>
        ← Retour aux sessions
      </Link>
      <h1 className={pageTitle}>Résultats{data ? ` — ${sessionName(data.session)}` : ''}</h1>
      <QueryStatus query={results} loadingText="Chargement des résultats…" />
      {data && (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <span
              className={`rounded-full px-3 py-1 text-sm font-semibold ${SESSION_STATE_LOOK[data.session.state]}`}
            >
              {SESSION_STATE_LABELS[data.session.state]}
            </span>
            <p className="text-gray-700">
              {locked
                ? 'Les notes sont définitives.'
                : 'Session ouverte : les notes peuvent encore changer.'}
            </p>
          </div>
          <p className={`${card} text-gray-800`}>{NORMALISED_EXPLANATION}</p>
          {data.categories.map((c) => (
            <section
              key={c.category}
              aria-labelledby={`results-${c.category}`}
              className="space-y-3"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h2 id={`results-${c.category}`} className="text-xl font-bold text-gray-900">
                  {categoryLabel(c.category)}
                </h2>
                <p className="text-sm text-gray-700">{counts(c)}</p>
              </div>
              {c.rows.length === 0 ? (
                <p className="text-gray-700">Aucun candidat convoqué dans cette catégorie.</p>
              ) : narrow ? (
                <ResultCards results={c} judges={data.judges} />
              ) : (
                <ResultsTable results={c} judges={data.judges} />
              )}
              {canWrite && c.rows.length > 0 && (
                <PreselectActions
                  category={c.category}
                  blockers={unreadySession(data.session, c)}
                  onPick={(status) => setPicking({ category: c, status })}
                />
              )}
            </section>
          ))}
        </>
      )}
      {picking && (
        <PreselectDialog
          category={picking.category.category}
          status={picking.status}
          sessionId={sessionId}
          ranked={picking.category.rows.map((r) => ({ ...r, rank: r.rankNormalised }))}
          onClose={() => setPicking(null)}
        />
      )}
    </div>
  );
}
