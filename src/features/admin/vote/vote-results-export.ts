import { toCsv } from '@/lib/csv';
import { fileDate } from '@/lib/dates';
import type { VoteResults } from '@/data/vote/types';
import { formatShare } from '@/data/vote/labels';
import type { Sheet } from '../workbook/sheet';

/**
 * A round's results as files: the CSV (French spreadsheet: `;`, BOM, src/lib/csv.ts) and the
 * readable workbook, one row per candidate with its votes and share, then the total.
 */
const VOTE_RESULTS_COLUMNS = ['Numéro', 'Candidat', 'Ligne', 'Votes', 'Part'] as const;

const shareText = (share: number) => formatShare(share).replace('\u00a0', ' ');

export function voteResultsCsv(results: VoteResults): string {
  return toCsv(VOTE_RESULTS_COLUMNS, [
    ...results.candidates.map((c) => [c.number, c.name, c.line, c.votes, shareText(c.share)]),
    ['', 'Votants', '', results.voters, ''],
  ]);
}

export function voteResultsSheets(results: VoteResults): Sheet[] {
  return [
    {
      name: 'Résultats',
      columns: [
        { header: 'Numéro', width: 9 },
        { header: 'Candidat', width: 30 },
        { header: 'Ligne', width: 34 },
        { header: 'Votes', width: 10 },
        { header: 'Part', width: 10 },
      ],
      rows: [
        ...results.candidates.map((c) => [
          String(c.number),
          c.name,
          c.line,
          String(c.votes),
          shareText(c.share),
        ]),
        ['', 'Votants', '', String(results.voters), ''],
      ],
    },
  ];
}

/** vote_<ordre>_<titre>_<date>.csv: the round's title without accents or spaces. */
export function voteResultsFileName(
  results: VoteResults,
  position: number,
  ext: 'csv' | 'xlsx',
  d = new Date(),
): string {
  const slug = results.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `vote_${position}_${slug || 'manche'}_${fileDate(d)}.${ext}`;
}
