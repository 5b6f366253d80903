/**
 * The participants search at scale (docs/decisions/022-search-people.md): one page of 10 with
 * its count (exact up to 1,000), as the list asks for it (rpc/search_participants, through the HTTP layer of
 * the embedded local backend), for an admin and for a reader (lecteur), and the plan of the
 * search's count. Targets: under 20 ms at 50,000 participants, under 50 ms at 500,000.
 *
 * Part of `npm run bench` (step 5); alone, on a throw-away database it fills itself:
 *   npx tsx bench/search.ts                              # 50,000 participants
 *   BENCH_PARTICIPANTS=500000 npx tsx bench/search.ts    # 500,000
 * Environment: BENCH_RUNS (runs per timing, median; 5), BENCH_PARTICIPANTS.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import ws from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { openLocalDatabase, type LocalDatabase } from '../supabase/local/database.ts';
import { startServer } from '../supabase/local/server.ts';
import { ANON_KEY, DEFAULT_HOST } from '../supabase/local/constants.ts';
import { fillLarge } from './support/fill-large.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** What a search is timed with: the words typed, what they find, and the filters. */
type Search = { term: string; what: string; args?: Record<string, unknown> };

/** Terms that match the data of bench/support/fill-large.ts at any size of 15,000 or more. */
const ADMIN_SEARCHES: Search[] = [
  { term: 'fotso', what: 'a common name (1 in 16)' },
  { term: 'herve', what: 'a first name typed without its accent (Hervé, 1 in 20)' },
  { term: 'Hervé Kamga', what: 'two words' },
  { term: 'participant12345@', what: 'one e-mail' },
  { term: '6 00 01 23 45', what: 'a phone as the list shows it' },
  { term: '+237 600012345', what: 'a phone with +237' },
  { term: '600012', what: 'a phone prefix' },
  { term: 'Team 12345', what: 'a team name' },
  { term: 'membre 2 de team 12345', what: "a member's name" },
  { term: 'membre3.12345@', what: "a member's e-mail" },
  { term: 'ab', what: 'two letters (no trigram: the whole index is read)' },
  {
    term: 'fotso',
    what: 'a common name, region Littoral, sorted by name',
    args: { region: 'Littoral', sort: 'full_name', ascending: true },
  },
];
const READER_SEARCHES: Search[] = [
  { term: 'fotso', what: 'a common name' },
  { term: 'herve', what: 'a first name without its accent' },
  { term: '600012345', what: 'a whole phone (finds nothing: hidden from readers)' },
];

export type SearchLine = { who: string; term: string; what: string; ms: number; total: number };

type Out = (text?: string) => void;

export async function median(fn: () => Promise<number>): Promise<{ ms: number; total: number }> {
  let total = await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    total = await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)], total };
}

export async function staffClient(
  db: LocalDatabase,
  url: string,
  email: string,
  role: 'admin' | 'lecteur',
): Promise<SupabaseClient> {
  const password = `bench-${role}-password-2025`;
  await db.admin.query(
    `with u as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1,
         extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now())
       returning id)
     insert into private.admins (user_id, role) select id, $3 from u`,
    [email, password, role],
  );
  const client = createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/**
 * EXPLAIN ANALYZE of the search's count as search_participants runs it (its owner's rights): up
 * to 1,001 matches, the list saying "plus de 1 000" past that.
 */
async function countPlan(db: LocalDatabase, term: string): Promise<string[]> {
  const { rows } = await db.admin.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers off) select count(*) from (select 1
      from private.participant_search s where s.doc like '%' || $1 || '%' limit 1001) c`,
    [term],
  );
  return rows
    .map((r) => r['QUERY PLAN'].replace(/\s*\(cost=[^)]*\)/, ''))
    .filter((l) => !/^\s*(Planning Time|Heap Blocks)/.test(l));
}

/**
 * Times the searches on `db` (filled already) through the API at `url`, prints them with `out`
 * and returns them. Creates its own admin and reader accounts.
 */
export async function searchBench({
  db,
  url,
  out,
}: {
  db: LocalDatabase;
  url: string;
  out: Out;
}): Promise<SearchLine[]> {
  const { n } = (
    await db.admin.query<{ n: number }>(
      'select count(*)::int n from public.participants where deleted_at is null',
    )
  ).rows[0];
  const stamp = Date.now();
  const admin = await staffClient(db, url, `bench-search-admin-${stamp}@example.cm`, 'admin');
  const reader = await staffClient(db, url, `bench-search-reader-${stamp}@example.cm`, 'lecteur');
  out(
    `\nParticipants search at ${n.toLocaleString('en')} participants ` +
      `(rpc/search_participants: page of 10 + count up to 1,000; median of ${RUNS} runs)`,
  );
  const lines: SearchLine[] = [];
  for (const [who, client, searches] of [
    ['admin', admin, ADMIN_SEARCHES],
    ['reader', reader, READER_SEARCHES],
  ] as const) {
    for (const s of searches) {
      const timing = await median(async () => {
        const { data, error } = await client.rpc('search_participants', {
          search: s.term,
          page_size: 10,
          ...s.args,
        });
        if (error) throw error;
        return data.total ?? 0;
      });
      const line = { who, term: s.term, what: s.what, ...timing };
      lines.push(line);
      out(
        `  ${`${who} "${s.term}" (${s.what})`.padEnd(86)} ${timing.ms.toFixed(1).padStart(7)} ms  ` +
          `${timing.total} found`,
      );
    }
  }
  const plan = await countPlan(db, 'fotso');
  out('\n  EXPLAIN ANALYZE of the count of "fotso" (as search_participants runs it):');
  for (const l of plan) out(`    ${l}`);
  return lines;
}

/** Standalone: a throw-away database filled with BENCH_PARTICIPANTS participants. */
async function main() {
  const participants = Number(process.env.BENCH_PARTICIPANTS ?? 50_000);
  const out: Out = (text = '') => process.stdout.write(`${text}\n`);
  out('Preparing the database (migrations, no seed)...');
  const db = await openLocalDatabase({ poolSize: 10 });
  const server = await startServer({ db, host: DEFAULT_HOST, port: 0 });
  try {
    out(`Filling ${participants.toLocaleString('en')} participants...`);
    const t = performance.now();
    await fillLarge(db.admin, { participants, reservations: 1000 });
    await db.admin.query(
      'vacuum analyze public.participants, public.team_members, private.participant_search',
    );
    out(`  done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await searchBench({ db, url: server.url, out });
  } finally {
    await server.close();
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
