import { useQuery } from '@tanstack/react-query';
import { voteResultsQuery } from '@/data/vote/queries';
import { formatShare, votersText } from '@/data/vote/labels';
import type { VoteRound } from '@/data/vote/types';
import { CSV_MIME } from '@/lib/csv';
import { formatCount } from '@/lib/numbers';
import { DataTable } from '../ui/DataTable';
import { ExportButton } from '../ui/ExportButton';
import { QueryStatus } from '../ui/ListState';
import { runExport } from '../ui/export-file';
import { td } from '../ui/classes';
import { writeWorkbook, XLSX_MIME } from '../workbook/readable-export';
import { voteResultsCsv, voteResultsFileName, voteResultsSheets } from './vote-results-export';

/** A closed or revealed round's votes and shares (admins), with its CSV and workbook. */
export function RoundResults({ round }: { round: VoteRound }) {
  const results = useQuery(voteResultsQuery(round.id));
  const data = results.data;
  const filters = { round: round.id };
  const fetchRows = () => Promise.resolve(data ? [data] : []);
  const none = 'Aucun résultat à exporter';
  return (
    <div className="space-y-3">
      <QueryStatus query={results} loadingText="Chargement des résultats…" />
      {data && (
        <>
          <p className="font-medium text-gray-900">{votersText(data.voters, formatCount)}</p>
          <DataTable
            caption={`Résultats : ${round.title}`}
            regionLabel={`Tableau : résultats de ${round.title}`}
            columns={['Numéro', 'Candidat', 'Votes', 'Part']}
          >
            {data.candidates.map((c) => (
              <tr key={c.number}>
                <td className={td}>{c.number}</td>
                <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
                  {c.name}
                  {c.line && <span className="block font-normal text-gray-600">{c.line}</span>}
                </th>
                <td className={td}>{formatCount(c.votes)}</td>
                <td className={td}>{formatShare(c.share)}</td>
              </tr>
            ))}
          </DataTable>
          <div className="flex flex-wrap gap-3">
            <ExportButton
              onExport={() =>
                runExport({
                  what: 'vote_results',
                  fileName: voteResultsFileName(data, round.position, 'csv'),
                  mime: CSV_MIME,
                  filters,
                  fetchRows,
                  build: ([r]) => voteResultsCsv(r),
                  none,
                })
              }
            />
            <ExportButton
              label="Exporter pour Excel"
              onExport={() =>
                runExport({
                  what: 'vote_results.xlsx',
                  fileName: voteResultsFileName(data, round.position, 'xlsx'),
                  mime: XLSX_MIME,
                  filters,
                  fetchRows,
                  build: ([r]) => writeWorkbook(voteResultsSheets(r)),
                  none,
                })
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
