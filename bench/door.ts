/**
 * The door check-in of `npm run bench` (also alone: `npx tsx bench/door.ts`): DOORS door
 * staff (role controle, signed in through the local GoTrue) scan PASSES confirmed passes in
 * parallel, each door one scan after the other as a phone does, through the HTTP layer
 * (rpc/check_in), against real PostgreSQL 17. docs/decisions/009-night-party-operations.md.
 *
 * 1. PASSES confirmed reservations are written in SQL (phones 63xxxxxxx), and DOORS door
 *    accounts; each signs in with its password (POST /auth/v1/token).
 * 2. First scans: the doors share one queue of the passes in random order; each takes the next
 *    pass as soon as its previous scan is answered. Every 25th scan a door also refreshes its
 *    live count (rpc/door_count), as the door screen does.
 * 3. Second scans: a tenth of the passes again, at another door (the queue at the entrance,
 *    someone trying a copied pass): each must answer 'already'.
 *
 * The scans are sent from a child process (bench/support/door-client.ts, forked), so the
 * server's event loop does not also run the clients' (see bench/support/rush-client.ts). Fails
 * when a first scan is not 'validated', a second one not 'already', a request errs, or the
 * database does not hold exactly PASSES check-ins afterwards.
 * Environment: BENCH_DOORS (20), BENCH_PASSES (5000).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ANON_KEY } from '../supabase/local/constants.ts';
import { out as print, printTable } from './support/print.ts';
import type { LocalDatabase } from '../supabase/local/database.ts';
import type { RunningServer } from '../supabase/local/server.ts';
import { percentile } from './support/median.ts';
import { runScans, type ScanResult } from './support/door-client.ts';
import type { DoorListBench } from './door-list.ts';

const DOORS = Number(process.env.BENCH_DOORS ?? 20);
const PASSES = Number(process.env.BENCH_PASSES ?? 5000);
const PASSWORD = 'bench-door-2025';

type DoorPhase = {
  what: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  rps: number;
  wallMs: number;
  verdicts: Map<string, number>;
  countP50: number;
  countP95: number;
  counts: number;
};

export type DoorBench = {
  phases: DoorPhase[];
  checkedIn: number;
  /** Reservations in the table during the scans (the passes included). */
  reservations: number;
  failures: string[];
};

/** Write the passes and the door accounts, sign the doors in, scan twice; print as it goes. */
export async function doorBench(options: {
  db: LocalDatabase;
  server: RunningServer;
  out: (text?: string) => void;
}): Promise<DoorBench> {
  const { db, server, out } = options;
  const failures: string[] = [];
  out(
    `\nDoor check-in: ${DOORS} doors scanning ${PASSES.toLocaleString('en')} passes in parallel (rpc/check_in)`,
  );
  // Room for every pass; the bench's passes are confirmed, like the night's. It is the night:
  // the doors opened an hour ago and the concert starts in an hour, so the door window is open
  // (docs/decisions/017-roles-and-door-window.md) and every scan pays its check.
  await db.admin.query(
    `update public.edition_settings
        set capacity = 100000, overbooking_percent = 0,
            concert_starts_at = now() + interval '1 hour',
            doors_open_at = now() - interval '1 hour',
            reservations_open_at = least(reservations_open_at, now() - interval '1 day'),
            reservations_close_at = null,
            updated_at = now()`,
  );
  const { rows } = await db.admin.query<{ pass_code: string }>(
    `insert into public.reservations (full_name, phone, ville, heard_from)
     select 'Porteur ' || g || ' Bench', '63' || lpad(g::text, 7, '0'), 'Yaoundé', 'social'
       from generate_series(1, $1::int) g
     returning pass_code`,
    [PASSES],
  );
  const codes = rows.map((r) => r.pass_code);
  const [{ n: reservations }] = (
    await db.admin.query<{ n: number }>('select count(*)::int n from public.reservations')
  ).rows;
  await db.admin.query(
    `with u as (
       insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'porte-bench-' || g || '@example.cm',
              extensions.crypt($2, extensions.gen_salt('bf', 4)), now()
         from generate_series(1, $1::int) g
       returning id, email),
     i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider)
       select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email' from u)
     insert into private.admins (user_id, role) select id, 'controle' from u`,
    [DOORS, PASSWORD],
  );
  const tokens = await Promise.all(
    Array.from({ length: DOORS }, async (_, i) => {
      const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `porte-bench-${i + 1}@example.cm`, password: PASSWORD }),
      });
      if (!res.ok) throw new Error(`door ${i + 1} could not sign in: ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    }),
  );

  const shuffled = shuffle(codes);
  const first = await runScans({
    baseUrl: server.url,
    anonKey: ANON_KEY,
    tokens,
    scans: shuffled.map((code, i) => ({ door: i % DOORS, code })),
  });
  const phases = [summarise('First scans', first, out)];
  const repeats = shuffled.slice(0, Math.ceil(PASSES / 10));
  const second = await runScans({
    baseUrl: server.url,
    anonKey: ANON_KEY,
    tokens,
    // Another door than the first scan's.
    scans: repeats.map((code, i) => ({ door: (i + 1) % DOORS, code })),
  });
  phases.push(summarise('Second scans', second, out));

  const expect = (phase: DoorPhase, verdict: string) => {
    const good = phase.verdicts.get(verdict) ?? 0;
    if (good !== phase.n) {
      const seen = [...phase.verdicts].map(([v, n]) => `${n} × ${v}`).join(', ');
      failures.push(`${phase.what}: ${good} of ${phase.n} '${verdict}' (${seen})`);
    }
  };
  expect(phases[0], 'validated');
  expect(phases[1], 'already');
  const [{ n: checkedIn }] = (
    await db.admin.query<{ n: number }>(
      `select count(*)::int n from public.reservations
        where phone like '63%' and checked_in_at is not null`,
    )
  ).rows;
  out(`  Checked in (SQL): ${checkedIn} of ${PASSES}`);
  if (checkedIn !== PASSES)
    failures.push(`door check-in: ${checkedIn} checked in, ${PASSES} expected`);
  for (const f of failures) out(`  !! ${f}`);
  return { phases, checkedIn, reservations, failures };
}

function summarise(what: string, result: ScanResult, out: (text?: string) => void): DoorPhase {
  const ms = result.scans.map((s) => s.ms).sort((a, b) => a - b);
  const countMs = result.counts.map((s) => s.ms).sort((a, b) => a - b);
  const verdicts = new Map<string, number>();
  for (const s of result.scans) verdicts.set(s.verdict, (verdicts.get(s.verdict) ?? 0) + 1);
  const phase: DoorPhase = {
    what,
    n: result.scans.length,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    max: ms[ms.length - 1],
    rps: result.scans.length / (result.wallMs / 1000),
    wallMs: result.wallMs,
    verdicts,
    countP50: percentile(countMs, 0.5),
    countP95: percentile(countMs, 0.95),
    counts: countMs.length,
  };
  out(
    `  ${what.padEnd(13)} ${phase.n} scans: p50 ${phase.p50.toFixed(1)} ms, p95 ` +
      `${phase.p95.toFixed(1)} ms, max ${phase.max.toFixed(0)} ms; ${phase.rps.toFixed(0)} scans/s ` +
      `over ${(phase.wallMs / 1000).toFixed(1)} s; ` +
      [...verdicts].map(([v, n]) => `${n} × ${v}`).join(', ') +
      (phase.counts
        ? `; door_count × ${phase.counts}: p50 ${phase.countP50.toFixed(1)} ms, p95 ${phase.countP95.toFixed(1)} ms`
        : ''),
  );
  return phase;
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** The summary table of the door bench and the offline door's (bench/run.ts). */
export function printDoorSummary(door: DoorBench, offline?: DoorListBench): void {
  const out = print;
  const ms = (v: number) => `${v.toFixed(0)} ms`;

  out(
    `\nDoor check-in: ${DOORS} door staff scanning ${PASSES.toLocaleString('en')} passes in ` +
      `parallel among ${door.reservations.toLocaleString('en')} reservations, each door one scan at a time ` +
      '(rpc/check_in, signed in as controle)\n',
  );
  printTable([
    ['Scans', 'Count', 'p50', 'p95', 'Max', 'Throughput', 'Verdicts', 'door_count p50 / p95'],
    ...door.phases.map((p) => [
      p.what,
      String(p.n),
      `${p.p50.toFixed(1)} ms`,
      `${p.p95.toFixed(1)} ms`,
      ms(p.max),
      `${p.rps.toFixed(0)} scans/s`,
      [...p.verdicts].map(([v, n]) => `${n} ${v}`).join(', '),
      p.counts ? `${p.countP50.toFixed(1)} / ${p.countP95.toFixed(1)} ms` : '-',
    ]),
  ]);
  out(
    `\nChecked in afterwards (SQL): ${door.checkedIn} of ${PASSES}. "Second scans" are a tenth ` +
      "of the passes scanned again at another door ('already'); every 25th scan a door also " +
      'refreshes its live count.',
  );
  if (!offline) return;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  out('\nOffline door (its own database; docs/decisions/032-offline-door.md)\n');
  printTable([
    ['Measure', 'Value'],
    ['Door list: passes', String(offline.passes)],
    ['Built in the database (median)', `${offline.buildMs.toFixed(1)} ms`],
    ['On the wire, gzipped / raw', `${kb(offline.wireBytes)} / ${kb(offline.rawBytes)}`],
    ['Downloaded and parsed over HTTP (median)', `${offline.downloadMs.toFixed(1)} ms`],
    ['Delta after 50 entries', `${offline.deltaPasses} passes, ${kb(offline.deltaWireBytes)}`],
    ['Reconciliation of 1,000 queued check-ins', `${offline.reconcileMs.toFixed(0)} ms`],
    ['Entries / double entries recorded (SQL)', `${offline.entries} / ${offline.doubles}`],
    ...offline.judge.map((line) => ['Judging from the stored list', line]),
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Alone: a throw-away database (migrations, no seed) and an API on a free port.
  const { openLocalDatabase } = await import('../supabase/local/database.ts');
  const { startServer } = await import('../supabase/local/server.ts');
  const out = (text = '') => process.stdout.write(`${text}\n`);
  const db = await openLocalDatabase({ poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
  const server = await startServer({ db, host: '127.0.0.1', port: 0 });
  let failed = false;
  try {
    const t0 = performance.now();
    failed = (await doorBench({ db, server, out })).failures.length > 0;
    out(`\nTotal time ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await server.close();
    await db.close();
  }
  process.exit(failed ? 1 : 0);
}
