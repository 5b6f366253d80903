import { STATUS_BADGES, STATUS_LABELS } from '@/data/participants/status-labels';
import { PARTICIPANT_STATUSES, type ParticipantStatus } from '@/data/participants/types';
import type { ResultCategory, ResultJudgeCard, ResultRow } from '@/data/auditions/types';
import { DataTable } from '../ui/DataTable';
import { td } from '../ui/classes';
import {
  categoryLabel,
  incompleteText,
  pointText,
  rankText,
  scoreText,
  zText,
} from './audition-labels';

const asStatus = (s: string): ParticipantStatus =>
  PARTICIPANT_STATUSES.find((p) => p === s) ?? 'inscrit';

/** A participant's contest status as a pill with its word (colour is never alone). */
export function StatusPill({ status }: { status: string }) {
  const s = asStatus(status);
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGES[s]}`}
    >
      {STATUS_LABELS[s]}
    </span>
  );
}

/** One judge's card: the weighted total, then each criterion's points; or why there is none. */
export function JudgeCell({
  card,
  criteria,
}: {
  card: ResultJudgeCard | undefined;
  criteria: ResultCategory['criteria'];
}) {
  if (!card) return <span className="text-gray-600">Pas noté</span>;
  if (card.absent) return <span className="font-medium text-gray-900">Absent</span>;
  if (card.total === null) return <span className="text-gray-600">Pas noté</span>;
  return (
    <div className="space-y-1">
      <p className="font-semibold text-gray-900">{scoreText(card.total)}</p>
      <ul className="text-xs whitespace-nowrap text-gray-700">
        {criteria.map((c) => (
          <li key={c.key}>{`${c.label}\u00a0: ${pointText(card.scores[c.key])}`}</li>
        ))}
      </ul>
      {card.comment && (
        <p className="max-w-48 text-xs text-gray-700 italic">
          «{'\u00a0'}
          {card.comment}
          {'\u00a0'}»
        </p>
      )}
    </div>
  );
}

export const cardOf = (row: ResultRow, label: string) => row.judges.find((j) => j.label === label);

/**
 * A category's ranking in a session: the rank on normalised scores (ties shown "ex aequo",
 * incomplete performers after complete ones, the absent last), the raw mean and its own rank,
 * the normalised score, then every judge's card.
 */
export function ResultsTable({
  results,
  judges,
}: {
  results: ResultCategory;
  judges: { label: string; email: string | null }[];
}) {
  const label = categoryLabel(results.category);
  return (
    <DataTable
      caption={`Classement ${label}`}
      regionLabel={`Classement ${label}`}
      columns={[
        'Rang',
        'Candidat',
        'Note normalisée',
        'Note brute /10',
        'Rang brut',
        ...judges.map((j) => ({
          label: (
            <>
              {j.label}
              {j.email && (
                <span className="block font-normal tracking-normal normal-case">{j.email}</span>
              )}
            </>
          ),
          className: 'min-w-36',
        })),
      ]}
    >
      {results.rows.map((row) => (
        <tr key={row.participantId} className={row.absent ? 'bg-gray-50' : undefined}>
          <td className={`${td} font-semibold whitespace-nowrap`}>
            {row.absent ? 'Absent' : rankText(row.rankNormalised, row.tied)}
          </td>
          <td className={td}>
            <p className="font-medium text-gray-900">{row.name}</p>
            {row.incomplete && !row.absent && (
              <p className="text-xs text-gray-800">{incompleteText(row)}</p>
            )}
            <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-700">
              {row.mode === 'team' ? 'Équipe' : 'Solo'} <StatusPill status={row.status} />
            </p>
          </td>
          <td className={`${td} font-semibold whitespace-nowrap tabular-nums`}>
            {zText(row.normalised)}
          </td>
          <td className={`${td} whitespace-nowrap tabular-nums`}>{scoreText(row.raw)}</td>
          <td className={`${td} whitespace-nowrap`}>
            {row.absent ? '—' : rankText(row.rankRaw, false)}
          </td>
          {judges.map((j) => (
            <td key={j.label} className={td}>
              <JudgeCell card={cardOf(row, j.label)} criteria={results.criteria} />
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
