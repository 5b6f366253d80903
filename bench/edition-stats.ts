/**
 * The statistics page's edition figures at scale (issue 40): rpc/edition_stats (the pipeline by
 * category, the audition cities, the Night Party with its entries per hour and the vote's
 * participation) for a reader, through the HTTP layer of the embedded local backend, beside
 * participant_stats (the specification's cards), on a throw-away database it fills itself:
 * 50,000 participants spread over the pipeline and the audition cities, 20,000 reservations of
 * which 12,000 entered over six hours, and five rounds voted.
 *   npm run bench:stats
 * Environment: BENCH_RUNS (runs per timing, median; 5), BENCH_PARTICIPANTS.
 */
import { openLocalDatabase } from '../supabase/local/database.ts';
import { startServer } from '../supabase/local/server.ts';
import { DEFAULT_HOST } from '../supabase/local/constants.ts';
import { fillLarge } from './support/fill-large.ts';
import { median, staffClient } from './search.ts';

const out = (text = '') => process.stdout.write(`${text}\n`);

/** Statuses and audition cities over the participants; entries, rounds and votes. */
const SPREAD = `
update public.participants p
   set status = (array['inscrit','inscrit','preselectionne','convoque','convoque','finaliste',
                       'laureat','refuse'])[1 + (abs(hashtext(p.id::text)) % 8)],
       audition_city = case when abs(hashtext(p.id::text)) % 8 between 2 and 6
         then (array['Douala','Yaoundé','Bafoussam','Garoua','Limbe'])[1 + (abs(hashtext(p.email)) % 5)] end,
       audition_at = case when abs(hashtext(p.id::text)) % 8 between 2 and 6
         then now() + interval '10 days' end;
with c as (
  select id, row_number() over (order by id) as n from public.reservations
   where state = 'confirmed' limit 12000)
update public.reservations r
   set checked_in_at = now() - interval '6 hours' + (c.n * interval '1.8 seconds'),
       checked_in_door = 'Porte ' || (1 + c.n % 4)
  from c where c.id = r.id;
insert into public.vote_rounds (position, title, state, opened_at, closes_at, closed_at, revealed_at)
select g, 'Manche ' || g, 'revealed', now() - interval '2 hours', now() - interval '1 hour',
       now() - interval '1 hour', now() - interval '1 hour'
  from generate_series(1, 5) g;
insert into public.vote_candidates (round_id, number, name)
select v.id, k, 'Candidat ' || k from public.vote_rounds v, generate_series(1, 6) k;
insert into public.votes (round_id, reservation_id, candidate_id, last_vote_id)
select v.id, r.id, (select c.id from public.vote_candidates c where c.round_id = v.id
                     order by c.number limit 1), gen_random_uuid()
  from public.vote_rounds v,
       (select id from public.reservations where checked_in_at is not null limit 9000) r;
`;

async function main() {
  const participants = Number(process.env.BENCH_PARTICIPANTS ?? 50_000);
  out('Preparing the database (migrations, no seed)...');
  const db = await openLocalDatabase({ poolSize: 10 });
  const server = await startServer({ db, host: DEFAULT_HOST, port: 0 });
  try {
    out(`Filling ${participants.toLocaleString('en')} participants, 20,000 reservations...`);
    await fillLarge(db.admin, { participants, reservations: 20_000 });
    await db.admin.query(SPREAD);
    await db.admin.query('vacuum analyze public.participants, public.reservations, public.votes');
    const reader = await staffClient(
      db,
      server.url,
      `bench-stats-${Date.now()}@example.cm`,
      'lecteur',
    );
    const call = (fn: string) => async () => {
      const { data, error } = await reader.rpc(fn);
      if (error) throw error;
      return JSON.stringify(data).length;
    };
    out(`\nStatistics at ${participants.toLocaleString('en')} participants (median of runs)`);
    for (const fn of ['edition_stats', 'participant_stats']) {
      const t = await median(call(fn));
      out(`  ${fn.padEnd(20)} ${t.ms.toFixed(1).padStart(7)} ms  (${t.total} characters)`);
    }
    // Where the time goes: the function's one statement, as its owner runs it.
    const { rows: src } = await db.admin.query<{ body: string }>(
      "select prosrc as body from pg_proc where proname = 'edition_stats'",
    );
    const body = /with p as[\s\S]*from public\.edition_settings s, r/.exec(src[0].body)?.[0];
    if (body) {
      const { rows } = await db.admin.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, buffers off) ${body.replace('into result', '')}`,
      );
      out('\n  EXPLAIN ANALYZE of its statement:');
      for (const r of rows) out(`    ${r['QUERY PLAN']}`);
    }
  } finally {
    await server.close();
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
