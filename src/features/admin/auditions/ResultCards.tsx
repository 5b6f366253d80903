import type { ResultCategory } from '@/data/auditions/types';
import { CardList, Fact, ListCard } from '../ui/ListCards';
import { categoryLabel, incompleteText, rankText, scoreText, zText } from './audition-labels';
import { cardOf, JudgeCell, StatusPill } from './ResultsTable';

/**
 * A category's ranking on a phone (below 640 px): one card per performer instead of the wide
 * table, as the other admin lists do (docs/decisions/008-admin-data-layer.md), with the same
 * facts: the ranks, the normalised and raw scores, the status and every judge's card.
 */
export function ResultCards({
  results,
  judges,
}: {
  results: ResultCategory;
  judges: { label: string; email: string | null }[];
}) {
  return (
    <CardList caption={`Classement ${categoryLabel(results.category)}`} columns={[]}>
      {results.rows.map((row) => (
        <ListCard
          key={row.participantId}
          title={`${row.absent ? 'Absent' : rankText(row.rankNormalised, row.tied)} — ${row.name}`}
        >
          <Fact term="Note normalisée">{zText(row.normalised)}</Fact>
          <Fact term="Note brute /10">{scoreText(row.raw)}</Fact>
          <Fact term="Rang brut">{row.absent ? '—' : rankText(row.rankRaw, false)}</Fact>
          {row.incomplete && !row.absent && <Fact term="Notes">{incompleteText(row)}</Fact>}
          <Fact term={row.mode === 'team' ? 'Équipe' : 'Solo'}>
            <StatusPill status={row.status} />
          </Fact>
          {judges.map((j) => (
            <Fact key={j.label} term={j.label}>
              <JudgeCell card={cardOf(row, j.label)} criteria={results.criteria} />
            </Fact>
          ))}
        </ListCard>
      ))}
    </CardList>
  );
}
