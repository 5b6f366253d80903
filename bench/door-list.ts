/**
 * The offline door of `npm run bench` (alone: `npm run bench:door`), on its own throw-away
 * database (migrations, no seed) so the list holds exactly PASSES passes whatever the rest of the
 * run filled: docs/decisions/032-offline-door.md.
 *
 * 1. PASSES reservations written in SQL, a tenth waitlisted, 2 % cancelled, ENTERED in, with
 *    their checks (ADR 036); one door account (controle) signs in over HTTP.
 * 2. The door list (rpc/door_list): built in the database (median of RUNS calls, as the door
 *    account, in a transaction rolled back), then downloaded over HTTP the way a phone does,
 *    gzipped (bytes on the wire) and not (raw bytes), and a delta after 50 more entries.
 * 3. The reconciliation of QUEUED queued check-ins (rpc/door_sync) sent by four doors at once,
 *    200 per call, DOUBLES of them a pass another door admitted offline too: the time, and
 *    exactly DOUBLES double entries and QUEUED - DOUBLES entries recorded (checked in SQL).
 * 4. `judge`, when given (bench/run.ts), times judging scans from the downloaded list.
 * 5. `browser`, when given: the full list downloaded and stored by the door page in Chromium on a
 *    4× slowed CPU (bench/door-list-browser.ts), before step 2's delta changes the list.
 *
 * Fails when the list is over 300 KB on the wire, holds a pass code or a phone, or the counts
 * of step 3 are not exact. Environment: BENCH_DOOR_PASSES (5000), BENCH_DOOR_RUNS (5).
 */
import { request } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ANON_KEY } from '../supabase/local/constants.ts';
import { median } from './support/median.ts';
import type { BrowserInput, BrowserResult } from './door-list-browser.ts';

const PASSES = Number(process.env.BENCH_DOOR_PASSES ?? 5000);
const RUNS = Number(process.env.BENCH_DOOR_RUNS ?? 5);
const ENTERED = Math.round(PASSES * 0.3);
const QUEUED = 1000;
const DOUBLES = 50;
const WIRE_BUDGET = 300 * 1024;
const PASSWORD = 'bench-door-list-2025';

/** What a judge step gets: the full list as downloaded, and codes to scan (valid and not). */
export type JudgeInput = { list: unknown; codes: string[] };
export type DoorListBench = {
  passes: number;
  buildMs: number;
  wireBytes: number;
  rawBytes: number;
  downloadMs: number;
  deltaPasses: number;
  deltaWireBytes: number;
  reconcileMs: number;
  entries: number;
  doubles: number;
  judge: string[];
  failures: string[];
};

const post = (url: string, token: string, body: unknown, encoding: string) =>
  new Promise<{ status: number; wire: Buffer; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Accept-Encoding': encoding,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          // The phone's work too: unzip and parse.
          const text = (
            res.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire
          ).toString();
          JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, wire, ms: performance.now() - t0 });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
const unzip = (b: Buffer) => JSON.parse(gunzipSync(b).toString()) as Record<string, unknown>;

export async function doorListBench(options: {
  out: (text?: string) => void;
  judge?: (input: JudgeInput) => Promise<string[]>;
  browser?: (input: BrowserInput) => Promise<BrowserResult>;
}): Promise<DoorListBench> {
  const { out } = options;
  const { openLocalDatabase } = await import('../supabase/local/database.ts');
  const { startServer } = await import('../supabase/local/server.ts');
  const db = await openLocalDatabase({ poolSize: 8 });
  const server = await startServer({ db, host: '127.0.0.1', port: 0 });
  const failures: string[] = [];
  try {
    out(
      `\nOffline door: the door list for ${PASSES.toLocaleString('en')} passes, the queue's reconciliation`,
    );
    await db.admin.query(
      `update public.edition_settings set capacity = 100000, overbooking_percent = 0,
              concert_starts_at = now() + interval '1 hour', doors_open_at = now() - interval '1 hour',
              reservations_open_at = least(reservations_open_at, now() - interval '1 day'),
              reservations_close_at = null, updated_at = now()`,
    );
    // First and last names as on the night (several words, accents): the list's real size.
    await db.admin.query(
      `insert into public.reservations (full_name, phone, ville, heard_from, state, queue_number,
                                        cancelled_at, checked_in_at, checked_in_door)
       select (array['Awa','Jean-Baptiste','Chantal','Emmanuel','Hélène','Ibrahim','Marie-Claire',
                     'Junior','Florence','Rodrigue','Béatrice','Samuel'])[1 + g % 12]
              || ' ' || (array['Ngono','Mbarga','Tchoumi','Eyenga Essomba','Fotso','Njoya',
                               'Abena','Kamga','Ondoa','Mballa','Bello','Étoundi'])[1 + (g / 12) % 12],
              '6' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'Douala', 'social',
              s, case when s = 'waitlisted' then nextval('private.reservation_queue') end,
              case when s = 'cancelled' then now() end,
              case when s = 'confirmed' and g <= $2 then now() - (g % 120) * interval '1 minute' end,
              case when s = 'confirmed' and g <= $2 then 'Porte ' || (1 + g % 4) end
         from generate_series(1, $1::int) g,
              lateral (select case when g % 10 = 0 then 'waitlisted' when g % 50 = 1 then 'cancelled'
                                   else 'confirmed' end s) x`,
      [PASSES, ENTERED],
    );
    // Checks as pg_cron derives them, at 1,000 iterations (60,000: 20 minutes here; its verdict
    // is bench/door-verdict.ts's); one account is step 3's four doors: its lane is opened.
    const t = performance.now();
    await db.admin
      .query(`update private.door_settings set lane_per_minute = 1000, lane_per_10_minutes = 10000;
      update private.door_key set iterations = 1000; select private.door_checks_fill(600000)`);
    out(`  Checks derived at 1,000 iterations in ${((performance.now() - t) / 1e3).toFixed(1)} s`);
    const [user] = (
      await db.admin.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', 'porte-liste@example.cm',
                 extensions.crypt($1, extensions.gen_salt('bf', 4)), now()) returning id::text`,
        [PASSWORD],
      )
    ).rows;
    await db.admin.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', 'porte-liste@example.cm'), 'email')`,
      [user.id],
    );
    await db.admin.query(`insert into private.admins (user_id, role) values ($1, 'controle')`, [
      user.id,
    ]);
    const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'porte-liste@example.cm', password: PASSWORD }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const claims = Buffer.from(token.split('.')[1], 'base64url').toString();

    // 2. Built in the database, as the door account.
    const builds: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const c = await db.admin.connect();
      try {
        await c.query('begin');
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await c.query('set local role authenticated');
        const t0 = performance.now();
        await c.query(`select public.door_list('Porte 1')::text`);
        if (i > 0) builds.push(performance.now() - t0); // the first warms up
        await c.query('rollback');
      } finally {
        c.release();
      }
    }
    const rpc = `${server.url}/rest/v1/rpc/door_list`;
    const zipped: { wire: Buffer; ms: number }[] = [];
    for (let i = 0; i < RUNS; i++) zipped.push(await post(rpc, token, { door: 'Porte 1' }, 'gzip'));
    const raw = await post(rpc, token, { door: 'Porte 1' }, 'identity');
    const list = unzip(zipped[0].wire);
    const wireBytes = zipped[0].wire.length;
    const downloadMs = median(zipped.map((z) => z.ms));
    const text = raw.wire.toString();
    const secrets = await db.admin.query<{ pass_code: string; phone: string }>(
      'select pass_code, phone from public.reservations',
    );
    if (secrets.rows.some((s) => text.includes(s.pass_code) || text.includes(s.phone)))
      failures.push('door list: holds a pass code or a phone');
    if (wireBytes > WIRE_BUDGET)
      failures.push(`door list: ${wireBytes} bytes on the wire, over 300 KB`);
    const passes = (list.passes as unknown[]).length;
    if (passes !== PASSES) failures.push(`door list: ${passes} passes, ${PASSES} expected`);
    out(
      `  Full list: ${passes} passes, built in ${median(builds).toFixed(1)} ms (median of ${RUNS}), ` +
        `${(wireBytes / 1024).toFixed(1)} KB gzipped / ${(raw.wire.length / 1024).toFixed(1)} KB raw, ` +
        `downloaded and parsed in ${downloadMs.toFixed(1)} ms`,
    );
    if (options.browser) {
      const input = { db, email: 'porte-liste@example.cm', password: PASSWORD, passes, out };
      failures.push(...(await options.browser(input)).failures);
    }
    await db.admin.query(
      `update public.reservations set checked_in_at = now(), checked_in_door = 'Porte 2'
        where id in (select id from public.reservations where state = 'confirmed'
                      and checked_in_at is null limit 50)`,
    );
    const delta = await post(rpc, token, { door: 'Porte 1', since: list.version }, 'gzip');
    const deltaPasses = (unzip(delta.wire).passes as unknown[]).length;
    out(`  Delta after 50 entries: ${deltaPasses} passes, ${delta.wire.length} bytes gzipped`);

    // 3. The queue: QUEUED scans (codes), DOUBLES of them a second door's offline admission.
    const { rows: fresh } = await db.admin.query<{ code: string }>(
      `select pass_code code from public.reservations where state = 'confirmed' and checked_in_at is null
        order by id limit $1`,
      [QUEUED - DOUBLES],
    );
    if (fresh.length !== QUEUED - DOUBLES)
      throw new Error('door list bench: not enough passes to queue');
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const scans = fresh.map((r, i) => ({ door: i % 4, code: r.code, scanned_at: at(20) }));
    for (let i = 0; i < DOUBLES; i++)
      scans.push({
        door: (scans[i * 7].door + 1) % 4,
        code: scans[i * 7].code,
        scanned_at: at(10),
      });
    const before = await db.admin.query<{ n: number }>(
      `select count(*)::int n from public.reservations where checked_in_at is not null`,
    );
    const t0 = performance.now();
    await Promise.all(
      [0, 1, 2, 3].map(async (door) => {
        const mine = scans
          .filter((s) => s.door === door)
          .map((s) => ({
            scan_id: crypto.randomUUID(),
            code: s.code,
            scanned_at: s.scanned_at,
            offline_verdict: 'valid',
          }));
        for (let i = 0; i < mine.length; i += 200) {
          const r = await post(
            `${server.url}/rest/v1/rpc/door_sync`,
            token,
            { door: `Porte ${door + 1}`, scans: mine.slice(i, i + 200) },
            'gzip',
          );
          if (r.status !== 200) failures.push(`door_sync: HTTP ${r.status}`);
        }
      }),
    );
    const reconcileMs = performance.now() - t0;
    const [counted] = (
      await db.admin.query<{ entered: number; doubles: number }>(
        `select (select count(*)::int from public.reservations where checked_in_at is not null) entered,
                (select count(*)::int from public.door_double_entries) doubles`,
      )
    ).rows;
    const entries = counted.entered - before.rows[0].n;
    if (counted.doubles !== DOUBLES)
      failures.push(`reconciliation: ${counted.doubles} double entries, ${DOUBLES} expected`);
    if (entries !== QUEUED - DOUBLES)
      failures.push(`reconciliation: ${entries} entries, ${QUEUED - DOUBLES} expected`);
    out(
      `  Reconciliation: ${QUEUED} queued check-ins from 4 doors at once in ${reconcileMs.toFixed(0)} ms; ` +
        `${entries} entries and ${counted.doubles} double entries recorded (SQL)`,
    );
    const codes = (
      await db.admin.query<{ pass_code: string }>(
        'select pass_code from public.reservations limit 200',
      )
    ).rows.map((r) => r.pass_code);
    const judge = options.judge ? await options.judge({ list, codes }) : [];
    for (const line of judge) out(`  ${line}`);
    for (const f of failures) out(`  !! ${f}`);
    return {
      passes,
      buildMs: median(builds),
      wireBytes,
      rawBytes: raw.wire.length,
      downloadMs,
      deltaPasses,
      deltaWireBytes: delta.wire.length,
      reconcileMs,
      entries,
      doubles: counted.doubles,
      judge,
      failures,
    };
  } finally {
    await server.close();
    await db.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = (text = '') => process.stdout.write(`${text}\n`);
  const { judgeDownloadedList } = await import('./door-verdict.ts');
  const { doorListInBrowser: browser } = await import('./door-list-browser.ts');
  const result = await doorListBench({ out, judge: judgeDownloadedList, browser });
  process.exit(result.failures.length > 0 ? 1 : 0);
}
