/**
 * The opening rush of `npm run bench` (bench/run.ts): many anonymous visitors submitting at the
 * same moment, through the HTTP layer of the local backend, each request with its proof of work
 * solved beforehand (bench/support/proofs-of-work.ts) and sent from another process
 * (bench/support/rush-client.ts). Then the rate limit holding under the same crowd.
 */
import { randomUUID } from 'node:crypto';
import { ANON_KEY } from '../supabase/local/constants.ts';
import type { LocalDatabase } from '../supabase/local/database.ts';
import type { RunningServer } from '../supabase/local/server.ts';
import type { App } from './support/api.ts';
import { percentile } from './support/median.ts';
import { out } from './support/print.ts';
import { solveProofsOfWork } from './support/proofs-of-work.ts';
import { runRush, type RushRequest, type RushResult } from './support/rush-client.ts';
import { summarise, type RushLine, type SolveLine } from './support/rush-lines.ts';
import { POOL_SIZE, POW_THREADS, RUSH_SIZE } from './support/settings.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/**
 * Fetch and solve `count` proofs of work before a rush (its requests then carry them ready), and
 * print what the solving cost in Node. The rush itself never waits for a solution.
 */
async function solveBeforeRush(
  server: RunningServer,
  count: number,
  what: string,
  solves: SolveLine[],
): Promise<string[]> {
  const proofs = await solveProofsOfWork({
    baseUrl: server.url,
    anonKey: ANON_KEY,
    count,
    threads: POW_THREADS,
  });
  solves.push({ what, proofs });
  const s = proofs.solveMs;
  out(
    `  Proofs of work, solved before the rush: ${count} challenges (maxnumber ` +
      `${proofs.maxnumber}) on ${proofs.threads} worker threads in ` +
      `${(proofs.totalMs / 1000).toFixed(1)} s (fetching ${proofs.fetchMs.toFixed(0)} ms); ` +
      `per solution median ${percentile(s, 0.5).toFixed(0)} ms, p95 ` +
      `${percentile(s, 0.95).toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms`,
  );
  return proofs.pows;
}

/** Run `requests` at once from the rush client, watching the API pool meanwhile. */
async function measuredRush(
  db: LocalDatabase,
  server: RunningServer,
  requests: RushRequest[],
): Promise<{ result: RushResult; maxWaiting: number }> {
  // A server that has been serving the site holds its connections open: open the whole pool
  // first (each new connection costs a password handshake), so the rush times requests, not
  // logins. Concurrent queries make the pool open one connection each.
  await Promise.all(Array.from({ length: POOL_SIZE }, () => db.api.query('select 1')));
  // How many requests queue for a pool connection (the pool, not the CPU, caps the concurrency).
  let maxWaiting = 0;
  const sampler = setInterval(() => {
    maxWaiting = Math.max(maxWaiting, db.api.waitingCount);
  }, 2);
  try {
    const result = await runRush({ baseUrl: server.url, anonKey: ANON_KEY, requests });
    return { result, maxWaiting };
  } finally {
    clearInterval(sampler);
  }
}
/**
 * One reservation per proof of work, all distinct, as the reservation form sends them: the app's
 * row (toReservationRow) plus the solution, to rpc/create_reservation. Phones 69<tag>xxxxxx.
 */
function reservationRequests(
  app: Pick<App, 'toReservationRow' | 'toRegistrationPayload'>,
  tag: number,
  pows: string[],
): RushRequest[] {
  return pows.map((pow, i) => {
    const id = randomUUID();
    const row = app.toReservationRow(id, {
      fullName: `Visiteur Rush ${tag}-${i}`,
      phone: `69${tag}${pad(i, 6)}`,
      ville: ['Douala', 'Yaoundé', 'Bafoussam'][i % 3],
      attendanceStatus: (['yes', 'maybe', 'no'] as const)[i % 3],
      heardFrom: (['social', 'flyer', 'wordOfMouth'] as const)[i % 3],
      willAttend: 'yes',
      attendanceBarrier: 'none',
      followsBoosterPage: 'yes',
      consumesBoosterProducts: i % 2 ? 'yes' : 'no',
    });
    return {
      id,
      path: '/rest/v1/rpc/create_reservation',
      body: JSON.stringify({ payload: { ...row, pow } }),
    };
  });
}

/** The reservations a rush of `tag` stored, read in SQL. */
async function storedReservations(db: LocalDatabase, tag: number) {
  const { rows } = await db.admin.query<{ id: string }>(
    `select id from public.reservations where phone like $1`,
    [`69${tag}%`],
  );
  return { count: rows.length, ids: new Set(rows.map((r) => r.id)) };
}

/**
 * The opening rush: registration opens now with room for exactly the rush, then RUSH_SIZE
 * reservations at once, then RUSH_SIZE registrations at once (every fourth a team of three), all
 * distinct, built by the app's own mappers. `tag` (one digit) keeps each rush's phones and
 * e-mails apart from the other rushes' and from the fill's (6xxxxxxxx below 670000000,
 * 2xxxxxxxx). The rate limits must be lifted (RATE_LIMITS_LIFTED,
 * bench/support/settings.ts).
 */
export async function openingRush(
  db: LocalDatabase,
  server: RunningServer,
  app: Pick<App, 'toReservationRow' | 'toRegistrationPayload'>,
  tag: number,
  state: string,
  solves: SolveLine[],
): Promise<RushLine[]> {
  const n = RUSH_SIZE;
  out(`\nOpening rush, ${state}: ${n} + ${n} concurrent anonymous requests (pool ${POOL_SIZE})`);
  // Both batches' solutions first: nothing is solved while a batch is timed.
  const pows = await solveBeforeRush(server, 2 * n, `Opening rush, ${state}`, solves);
  await db.admin.query(
    `update public.contest_settings
        set registration_opens_at = now(), registration_closes_at = now() + interval '30 days',
            max_participants = (select count(*) from public.participants) + $1, updated_at = now()`,
    [n],
  );

  const reservations = reservationRequests(app, tag, pows.slice(0, n));
  const res = await measuredRush(db, server, reservations);
  const resStored = await storedReservations(db, tag);
  const resLine = summarise(
    'Reservations',
    state,
    reservations,
    res.result,
    res.maxWaiting,
    resStored.count,
    resStored.ids,
  );

  let members = 0;
  const registrations: RushRequest[] = Array.from({ length: n }, (_, i) => {
    const id = randomUUID();
    const team = i % 4 === 3;
    const teamMembers = team
      ? [1, 2].map((m) => ({
          fullName: `Membre ${m} Rush ${tag}-${i}`,
          email: m === 1 ? `rush-${tag}-${i}-m${m}@example.cm` : '',
          phone: `68${tag}${pad(i * 2 + m, 6)}`,
        }))
      : [];
    members += teamMembers.length;
    const payload = app.toRegistrationPayload(id, {
      fullName: `Artiste Rush ${tag}-${i}`,
      email: `rush-${tag}-${i}@example.cm`,
      phone: `67${tag}${pad(i, 6)}`,
      city: 'Douala',
      region: 'Littoral',
      category: i % 2 ? 'singing' : 'dance',
      participationType: team ? 'team' : 'solo',
      teamName: team ? `Team Rush ${tag}-${i}` : '',
      linkToWork: '',
      description: '',
      agreeToTerms: true,
      teamMembers,
    });
    return {
      id,
      path: '/rest/v1/rpc/register_participant',
      body: JSON.stringify({ payload: { ...payload, pow: pows[n + i] } }),
    };
  });
  const reg = await measuredRush(db, server, registrations);
  const regStored = await db.admin.query<{ id: string; members: number }>(
    `select p.id, (select count(*) from public.team_members t where t.participant_id = p.id)::int members
       from public.participants p where p.email like $1`,
    [`rush-${tag}-%`],
  );
  const regLine = summarise(
    'Registrations',
    state,
    registrations,
    reg.result,
    reg.maxWaiting,
    regStored.rowCount ?? 0,
    new Set(regStored.rows.map((r) => r.id)),
    {
      rows: 'team members',
      stored: regStored.rows.reduce((sum, r) => sum + r.members, 0),
      expected: members,
    },
  );
  return [resLine, regLine];
}

/**
 * The rate limit holding: RUSH_SIZE reservations at once from the one address, with the recorded
 * hits cleared and the reserve limit back to `limit` (the migration's). Each request counts the
 * hits committed before it, and the requests run on at most POOL_SIZE connections at once, so
 * up to `limit` + POOL_SIZE may pass (exactly `limit` when they arrive one by one): the line
 * fails only above that, or on a server failure.
 */
export async function limitedRush(
  db: LocalDatabase,
  server: RunningServer,
  app: Pick<App, 'toReservationRow' | 'toRegistrationPayload'>,
  tag: number,
  state: string,
  limit: { max: number; windowSeconds: number },
  solves: SolveLine[],
): Promise<RushLine> {
  const n = RUSH_SIZE;
  out(
    `\nRate limit, ${state}: ${n} concurrent reservations from one address with the default ` +
      `limit (${limit.max} per ${limit.windowSeconds} s) restored (pool ${POOL_SIZE})`,
  );
  // Solved before the limit is restored: a challenge is not an attempt and counts nothing.
  const pows = await solveBeforeRush(server, n, `Rate limit, ${state}`, solves);
  const reservations = reservationRequests(app, tag, pows);
  await db.admin.query('delete from private.rate_hits');
  await db.admin.query(
    `update private.rate_limits set max_per_address = $1 where action = 'reserve'`,
    [limit.max],
  );
  out(
    `  delete from private.rate_hits; update private.rate_limits set max_per_address = ` +
      `${limit.max} where action = 'reserve'`,
  );
  const res = await measuredRush(db, server, reservations);
  const stored = await storedReservations(db, tag);
  return summarise(
    'Reservations',
    `${state}, limit ${limit.max} per ${limit.windowSeconds} s`,
    reservations,
    res.result,
    res.maxWaiting,
    stored.count,
    stored.ids,
    undefined,
    limit.max,
  );
}
