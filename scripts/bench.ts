/**
 * `npm run bench`: the administration's loads and exports at scale, ours against the seed's
 * approach, through real supabase-js over HTTP on the embedded local backend.
 *
 * 1. An in-memory local database (migrations, no seed) is filled with 50,000 participants (with
 *    team members) and 20,000 reservations (scripts/fill-large.ts), plus one admin account.
 * 2. The local API is served on 127.0.0.1:54321 (where the app's data module looks when
 *    VITE_SUPABASE_URL is unset), and the data module signs in as that admin.
 * 3. Each operation is timed (median of several runs after a warm-up) two ways:
 *    - ours: what the admin pages do (SQL statistics, server-side paging and filters, exports
 *      fetched page by page);
 *    - the seed's approach: fetch every row and compute, filter and page in the browser. A single
 *      request is capped at 1,000 rows by the API, so the seed's one-request fetch silently gets
 *      1,000 rows: its row count is shown, and the fetch-all is also timed paged (correct rows).
 */
import { performance } from 'node:perf_hooks';
import ws from 'ws';
import { createClient } from '@supabase/supabase-js';
import { openLocalDatabase } from '../supabase/local/database.ts';
import { startServer } from '../supabase/local/server.ts';
import { ANON_KEY, DEFAULT_HOST, DEFAULT_PORT } from '../supabase/local/constants.ts';
import { fillLarge, LARGE } from './fill-large.ts';

// supabase-js needs a WebSocket constructor on Node 20 (realtime client), even unused.
(globalThis as { WebSocket?: unknown }).WebSocket ??= ws;

const ADMIN = { email: 'bench-admin@example.cm', password: 'bench-password-2025' };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

type Timing = { ms: number; rows: number };

async function time(label: string, fn: () => Promise<number>, runs = RUNS): Promise<Timing> {
  let rows = await fn(); // warm-up (and the row count)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    rows = await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const ms = samples[Math.floor(samples.length / 2)];
  process.stdout.write(`  ${label.padEnd(58)} ${ms.toFixed(1).padStart(9)} ms  ${rows} rows\n`);
  return { ms, rows };
}

async function main() {
  const t0 = performance.now();
  process.stdout.write(
    'Preparing the database (migrations, 50,000 participants, 20,000 reservations)...\n',
  );
  const db = await openLocalDatabase();
  await fillLarge(db.admin, LARGE);
  await db.admin.query(
    `with u as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1,
         extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now())
       returning id)
     insert into private.admins (user_id) select id from u`,
    [ADMIN.email, ADMIN.password],
  );
  const counts = (
    await db.admin.query<{ p: number; m: number; r: number }>(
      `select (select count(*) from participants)::int p, (select count(*) from team_members)::int m,
              (select count(*) from reservations)::int r`,
    )
  ).rows[0];
  process.stdout.write(
    `  ${counts.p} participants, ${counts.m} team members, ${counts.r} reservations ` +
      `(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
  );

  let server;
  try {
    server = await startServer({ db, host: DEFAULT_HOST, port: DEFAULT_PORT });
  } catch (error) {
    throw new Error(
      `Cannot listen on ${DEFAULT_HOST}:${DEFAULT_PORT} (is \`npm run backend\` or \`npm run dev\` ` +
        `running? stop it for the benchmark): ${String(error)}`,
    );
  }

  // The app's own data module (src/data), as the admin pages call it.
  const { signInAdmin } = await import('../src/data/admin-auth.ts');
  const { getParticipantStats } = await import('../src/data/get-participant-stats.ts');
  const { listParticipants, fetchAllParticipants } =
    await import('../src/data/list-participants.ts');
  const { listReservations, fetchAllReservations } =
    await import('../src/data/list-reservations.ts');
  const { getReservationSummary } = await import('../src/data/get-reservation-summary.ts');
  const { participantsCsv, reservationsCsv } =
    await import('../src/features/admin/shared/exports.ts');
  const { toParticipant, toReservation } = await import('../src/data/mappers.ts');
  await signInAdmin(ADMIN.email, ADMIN.password);

  // The seed's approach, with its own client (same admin, same API).
  const seed = createClient(server.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const signIn = await seed.auth.signInWithPassword(ADMIN);
  if (signIn.error) throw signIn.error;

  type Row = Record<string, unknown>;
  // The seed's paging: offsets, until a short page (each page re-reads every earlier row).
  const fetchAllPages = async <T>(
    fetchPage: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
  ): Promise<T[]> => {
    const all: T[] = [];
    for (let from = 0; ; from += 1000) {
      const { data, error } = await fetchPage(from, from + 999);
      if (error) throw error;
      all.push(...(data ?? []));
      if ((data ?? []).length < 1000) return all;
    }
  };
  const seedParticipantsOneRequest = async () => {
    const { data, error } = await seed
      .from('participants')
      .select('*, team_members(*)')
      .order('created_at', { ascending: false });
    if (error) throw error;
    return (data as never[]).map(toParticipant);
  };
  const seedParticipantsPaged = async () =>
    (
      await fetchAllPages<Row>((from, to) =>
        seed
          .from('participants')
          .select('*, team_members(*)')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, to),
      )
    ).map((r) => toParticipant(r as never));
  const seedReservationsOneRequest = async () => {
    const { data, error } = await seed
      .from('reservations')
      .select('*')
      .order('created_at', { ascending: false });
    if (error) throw error;
    return (data as never[]).map(toReservation);
  };
  const seedReservationsPaged = async () =>
    (
      await fetchAllPages<Row>((from, to) =>
        seed
          .from('reservations')
          .select('*')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, to),
      )
    ).map((r) => toReservation(r as never));

  type P = Awaited<ReturnType<typeof seedParticipantsPaged>>[number];
  type R = Awaited<ReturnType<typeof seedReservationsPaged>>[number];
  // The seed's browser-side computations.
  const statsInBrowser = (all: P[]) => {
    const byRegion: Record<string, number> = {};
    const s = { total: all.length, dance: 0, singing: 0, solo: 0, team: 0 };
    for (const p of all) {
      s[p.category] += 1;
      s[p.participationType] += 1;
      byRegion[p.region] = (byRegion[p.region] ?? 0) + 1;
    }
    return { s, byRegion };
  };
  const SEARCH = 'fotso';
  const searchInBrowser = (all: P[]) =>
    all.filter((p) => [p.fullName, p.email, p.phone].some((v) => v.toLowerCase().includes(SEARCH)));
  const RES_FILTERS = { city: 'Yaoundé', status: 'yes' as const, heardFrom: 'social' as const };
  const filterReservations = (all: R[]) =>
    all.filter(
      (r) =>
        r.ville === RES_FILTERS.city &&
        r.attendanceStatus === RES_FILTERS.status &&
        r.heardFrom === RES_FILTERS.heardFrom,
    );
  const summaryInBrowser = (all: R[]) => {
    const c: Record<string, number> = {};
    for (const r of all) {
      for (const k of [
        `s:${r.attendanceStatus}`,
        `h:${r.heardFrom}`,
        `w:${r.willAttend}`,
        `b:${r.attendanceBarrier}`,
        `f:${r.followsBoosterPage}`,
        `c:${r.consumesBoosterProducts}`,
        `v:${r.ville}`,
      ])
        c[k] = (c[k] ?? 0) + 1;
    }
    return c;
  };

  type Line = { op: string; ours: Timing; one: Timing; paged: Timing };
  const lines: Line[] = [];
  const measure = async (
    op: string,
    ours: () => Promise<number>,
    one: () => Promise<number>,
    paged: () => Promise<number>,
    runs?: number,
  ) => {
    process.stdout.write(`\n${op}\n`);
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

  const fmt = (t: Timing) => `${t.ms.toFixed(0)} ms`;
  const ratio = (a: Timing, b: Timing) => `${(b.ms / a.ms).toFixed(1)}×`;
  const rows = [
    ['Operation', 'Ours', 'Rows', 'Seed 1 request', 'Rows', 'Seed paged', 'Rows', 'Paged / ours'],
    ...lines.map((l) => [
      l.op,
      fmt(l.ours),
      String(l.ours.rows),
      fmt(l.one),
      String(l.one.rows) + (l.one.rows !== l.paged.rows ? ' (wrong)' : ''),
      fmt(l.paged),
      String(l.paged.rows),
      ratio(l.ours, l.paged),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `\nResults (median of ${RUNS} runs; exports 2 runs), ${counts.p} participants, ${counts.r} reservations\n\n`,
  );
  process.stdout.write(`${line(rows[0])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const r of rows.slice(1)) process.stdout.write(`${line(r)}\n`);
  process.stdout.write(
    '\n"Rows" is what each approach counts or exports. The seed\'s single request is capped at 1,000\n' +
      'rows by the API, so its totals, searches and exports are silently wrong past 1,000 rows;\n' +
      '"Seed paged" is the fetch-all made correct, and "Paged / ours" how many times slower it is.\n',
  );

  await seed.auth.signOut({ scope: 'local' });
  await server.close();
  await db.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
