/**
 * The admin search at scale (step 5 of `npm run bench`, bench/run.ts): participants through
 * rpc/search_participants, reservations with `ilike '%term%'`, one page of 10 with its exact
 * count, as the pages ask for it. The participants search's own figures (admins and readers,
 * with the plan of its count) are bench/search.ts's.
 */
import type { App } from './support/api.ts';
import { out, printTable, time, type Timing } from './support/print.ts';
import { RUNS } from './support/settings.ts';
import type { SearchLine as PeopleSearchLine } from './search.ts';

export type AdminSearchLine = { label: string; timing: Timing | null };

/** Time each admin search through the app's data module (printed as it goes). */
export async function adminSearch(
  app: Pick<App, 'listParticipants' | 'listReservations'>,
): Promise<AdminSearchLine[]> {
  const { listParticipants, listReservations } = app;
  out('\nAdmin search at 50,000 participants / 20,000 reservations (page 1 + exact count)');
  const searches = [
    ['participants', 'fotso', 'a common name'],
    ['participants', 'participant12345@', 'one e-mail'],
    ['participants', '600012', 'a phone prefix'],
    ['participants', 'ab', 'two letters'],
    ['reservations', 'douala', 'a city'],
    ['reservations', '660012', 'a phone prefix'],
  ] as const;
  const searchLines: AdminSearchLine[] = searches.map(([table, term, what]) => ({
    label: `${table} "${term}" (${what})`,
    timing: null,
  }));
  for (const [i, [table, term]] of searches.entries()) {
    searchLines[i].timing = await time(searchLines[i].label, async () =>
      table === 'participants'
        ? (await listParticipants({ search: term }, 0, 10)).total
        : (await listReservations({ search: term }, 0, 10)).total,
    );
  }
  return searchLines;
}

/** The summary tables of both searches. */
export function printSearches(
  searchLines: AdminSearchLine[],
  peopleSearch: PeopleSearchLine[],
): void {
  const fmt = (t: Timing) => `${t.ms.toFixed(0)} ms`;
  out(`\nAdmin search (page of 10 + exact count, through the API; median of ${RUNS} runs)\n`);
  printTable([
    ['Search', 'Matches', 'Time'],
    ...searchLines.map((l) => [
      l.label,
      String(l.timing?.rows ?? ''),
      l.timing ? fmt(l.timing) : '-',
    ]),
  ]);
  out(
    `\nParticipants search (rpc/search_participants: page of 10 + exact count; median of ` +
      `${process.env.BENCH_RUNS ?? 5} runs; targets: under 20 ms at 50,000, under 50 ms at 500,000)\n`,
  );
  printTable([
    ['Who', 'Search', 'Found', 'Time'],
    ...peopleSearch.map((l) => [
      l.who,
      `"${l.term}" (${l.what})`,
      String(l.total),
      `${l.ms.toFixed(1)} ms`,
    ]),
  ]);
  out(
    '\nThe search reads private.participant_search (trigram indexes on folded documents, kept by\n' +
      'triggers) inside a role-checked function, so no row-level security qual stands in front of\n' +
      'the index: a bitmap index scan, where the former ILIKE through the API was a sequential scan\n' +
      '(83-193 ms at 50,000). `npx tsx bench/search.ts` runs this part alone\n' +
      '(BENCH_PARTICIPANTS=500000 for the larger edition).',
  );
}
