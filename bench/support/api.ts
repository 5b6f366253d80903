/** The API the benchmark times, and the app's own modules that call it (bench/run.ts). */
import ws from 'ws';
import { startServer, type RunningServer } from '../../supabase/local/server.ts';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../supabase/local/constants.ts';
import type { LocalDatabase } from '../../supabase/local/database.ts';
import { out } from './print.ts';

// supabase-js needs a WebSocket constructor on Node 20 (realtime client), even unused.
(globalThis as { WebSocket?: unknown }).WebSocket ??= ws;

/** Where the app's data module sends its requests outside Vite (src/config/env.ts). */
const APP_ORIGIN = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

/**
 * Serve the API on 127.0.0.1:54321, or on a free port of 127.0.0.1 when another process holds
 * that one. The app's data module (src/config/env.ts) always targets 127.0.0.1:54321 outside
 * Vite, so its requests are then rewritten to our port: otherwise it would sign in to, and time,
 * whatever backend owns the usual port.
 */
export async function startApi(db: LocalDatabase): Promise<RunningServer> {
  try {
    return await startServer({ db, host: DEFAULT_HOST, port: DEFAULT_PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
  }
  const server = await startServer({ db, host: DEFAULT_HOST, port: 0 });
  out(`  ${APP_ORIGIN} is in use (a dev server or \`npm run backend\`?): serving on ${server.url}`);
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${APP_ORIGIN}/`)) return fetchOriginal(input, init);
    const target = server.url + url.slice(APP_ORIGIN.length);
    return fetchOriginal(input instanceof Request ? new Request(target, input) : target, init);
  };
  return server;
}

/** The app's own modules (src/data), loaded once `WebSocket` is defined. */
export async function loadApp() {
  const { signInAdmin } = await import('../../src/data/staff/admin-auth.ts');
  const { getParticipantStats } =
    await import('../../src/data/participants/get-participant-stats.ts');
  const { listParticipants, fetchAllParticipants } =
    await import('../../src/data/participants/list-participants.ts');
  const { listReservations, fetchAllReservations } =
    await import('../../src/data/reservations/list-reservations.ts');
  const { getReservationSummary } =
    await import('../../src/data/reservations/reservation-summary.ts');
  const { participantsCsv } = await import('../../src/data/participants/participants-csv.ts');
  const { reservationsCsv } = await import('../../src/data/reservations/reservations-csv.ts');
  const { toParticipant } = await import('../../src/data/participants/mappers.ts');
  const { toReservation, toReservationRow } =
    await import('../../src/data/reservations/mappers.ts');
  const { toRegistrationPayload } =
    await import('../../src/data/participants/register-participant.ts');
  return {
    signInAdmin,
    getParticipantStats,
    listParticipants,
    fetchAllParticipants,
    listReservations,
    fetchAllReservations,
    getReservationSummary,
    participantsCsv,
    reservationsCsv,
    toParticipant,
    toReservation,
    toReservationRow,
    toRegistrationPayload,
  };
}

export type App = Awaited<ReturnType<typeof loadApp>>;
