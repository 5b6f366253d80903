/**
 * The administration's loads and exports at scale (step 4 of `npm run bench`, bench/run.ts), each
 * timed two ways (median of several runs after a warm-up):
 * - ours: what the admin pages do (SQL statistics, server-side paging and filters, exports
 *   fetched page by page after the last row received);
 * - the seed's approach (bench/support/seed-approach.ts): fetch every row and compute, filter and
 *   page in the browser, in one request (capped at 1,000 rows by the API) and paged by offset.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { App } from './support/api.ts';
import { out, printTable, time, type Timing } from './support/print.ts';
import { seedApproach } from './support/seed-approach.ts';
import { RUNS, SLOW_MS } from './support/settings.ts';

export type LoadLine = { op: string; ours: Timing; one: Timing; paged: Timing };

/** Time every admin load and export, ours against the seed's (printed as it goes). */
export async function adminLoads(seed: SupabaseClient, app: App): Promise<LoadLine[]> {
  const {
    getParticipantStats,
    listParticipants,
    fetchAllParticipants,
    listReservations,
    fetchAllReservations,
    getReservationSummary,
    participantsCsv,
    reservationsCsv,
  } = app;
  const {
    seedParticipantsOneRequest,
    seedParticipantsPaged,
    seedReservationsOneRequest,
    seedReservationsPaged,
    statsInBrowser,
    SEARCH,
    searchInBrowser,
    RES_FILTERS,
    filterReservations,
    summaryInBrowser,
    sortedByName,
  } = seedApproach(seed, app);
  const lines: LoadLine[] = [];
  const measure = async (
    op: string,
    ours: () => Promise<number>,
    one: () => Promise<number>,
    paged: () => Promise<number>,
    runs?: number,
  ) => {
    out(`\n${op}`);
    lines.push({
      op,
      ours: await time('ours', ours, runs),
      one: await time("seed's fetch-all, one request (capped by the API)", one, runs),
      paged: await time("seed's fetch-all, paged to get every row", paged, runs),
    });
  };

  await measure(
    'Dashboard data (stats + 5 newest)',
    async () => {
      const [stats, recent] = await Promise.all([
        getParticipantStats(),
        listParticipants({}, 0, 5),
      ]);
      return stats.totalParticipants + 0 * recent.rows.length;
    },
    async () => statsInBrowser(await seedParticipantsOneRequest()).s.total,
    async () => statsInBrowser(await seedParticipantsPaged()).s.total,
  );
  await measure(
    'Stats page',
    async () => (await getParticipantStats()).totalParticipants,
    async () => statsInBrowser(await seedParticipantsOneRequest()).s.total,
    async () => statsInBrowser(await seedParticipantsPaged()).s.total,
  );
  await measure(
    `Participants page, search "${SEARCH}" (page 1 + region list)`,
    async () => {
      const [page] = await Promise.all([
        listParticipants({ search: SEARCH }, 0, 10),
        getParticipantStats(),
      ]);
      return page.total;
    },
    async () => searchInBrowser(await seedParticipantsOneRequest()).length,
    async () => searchInBrowser(await seedParticipantsPaged()).length,
  );
  await measure(
    'Participants page sorted by name, A to Z (page 1)',
    async () => (await listParticipants({}, 0, 10, { column: 'full_name', ascending: true })).total,
    async () => sortedByName(await seedParticipantsOneRequest()).length,
    async () => sortedByName(await seedParticipantsPaged()).length,
  );
  await measure(
    'Reservations page, city + status + source (page 1 + summary)',
    async () => {
      const [page] = await Promise.all([
        listReservations(RES_FILTERS, 0, 10),
        getReservationSummary(),
      ]);
      return page.total;
    },
    async () => {
      const all = await seedReservationsOneRequest();
      summaryInBrowser(all);
      return filterReservations(all).length;
    },
    async () => {
      const all = await seedReservationsPaged();
      summaryInBrowser(all);
      return filterReservations(all).length;
    },
  );
  await measure(
    'Participants CSV export (all rows)',
    async () => {
      const all = await fetchAllParticipants({}, { withMembers: false });
      participantsCsv(all);
      return all.length;
    },
    async () => {
      const all = await seedParticipantsOneRequest();
      participantsCsv(all);
      return all.length;
    },
    async () => {
      const all = await seedParticipantsPaged();
      participantsCsv(all);
      return all.length;
    },
    2,
  );
  await measure(
    'Reservations CSV export (all rows)',
    async () => {
      const all = await fetchAllReservations();
      reservationsCsv(all);
      return all.length;
    },
    async () => {
      const all = await seedReservationsOneRequest();
      reservationsCsv(all);
      return all.length;
    },
    async () => {
      const all = await seedReservationsPaged();
      reservationsCsv(all);
      return all.length;
    },
    2,
  );
  return lines;
}

/** The summary table of the loads and exports. */
export function printAdminLoads(lines: LoadLine[], counts: { p: number; r: number }): void {
  out(
    `\nAdmin loads and exports: ${counts.p} participants, ${counts.r} reservations (median of ` +
      `${RUNS} runs, exports 2; operations over ${SLOW_MS / 1000} s timed once)\n`,
  );
  const fmt = (t: Timing) => `${t.ms.toFixed(0)} ms`;
  printTable([
    ['Operation', 'Ours', 'Rows', 'Seed 1 request', 'Rows', 'Seed paged', 'Rows', 'Paged / ours'],
    ...lines.map((l) => [
      l.op,
      fmt(l.ours),
      String(l.ours.rows),
      fmt(l.one),
      String(l.one.rows) + (l.one.rows !== l.paged.rows ? ' (wrong)' : ''),
      fmt(l.paged),
      String(l.paged.rows),
      `${(l.paged.ms / l.ours.ms).toFixed(1)}×`,
    ]),
  ]);
  out(
    '\n"Rows" is what each approach counts or exports. The seed\'s single request is capped at 1,000\n' +
      'rows by the API, so its totals, searches and exports are silently wrong past 1,000 rows;\n' +
      '"Seed paged" is the fetch-all made correct, and "Paged / ours" how many times slower it is.',
  );
}
